import type { AppContext } from '../../context.ts'
import type { Api } from '../types.ts'

export function componentRoutes(_app: Api, _ctx: AppContext) {}
