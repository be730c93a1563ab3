import type { AppContext } from '../../context.ts'
import type { Api } from '../types.ts'

export function bomRoutes(_app: Api, _ctx: AppContext) {}
