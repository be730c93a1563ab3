import type { AppContext } from '../../context.ts'
import type { Api } from '../types.ts'

export function projectRoutes(_app: Api, _ctx: AppContext) {}
