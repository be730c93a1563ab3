import type { AppContext } from '../../context.ts'
import type { Api } from '../types.ts'

export function serviceRoutes(_app: Api, _ctx: AppContext) {}
