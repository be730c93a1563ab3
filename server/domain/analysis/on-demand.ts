import type { AppContext } from '../../context.ts'
import type { Principal } from '../auth/principal.ts'
import { loadAccessibleProject, PROJECT_MESSAGES } from '../components/access.ts'
import { requestComponentAnalysis, requestProjectAnalysis } from './triggers.ts'

/** `POST /finding/project/{uuid}/analyze`: the project's analysis token (ACL-checked). */
export async function analyzeProjectOnDemand(
  ctx: Pick<AppContext, 'db' | 'enqueue'>,
  principal: Principal | undefined,
  projectUuid: string,
): Promise<string> {
  const project = await loadAccessibleProject(ctx.db, principal, projectUuid, PROJECT_MESSAGES)
  return requestProjectAnalysis(ctx.db, ctx.enqueue, Number(project.id), 'ON_DEMAND')
}

/** After a component was created or changed through the API: an analysis of that component. */
export async function analyzeComponentOnDemand(
  ctx: Pick<AppContext, 'db' | 'enqueue'>,
  component: { id: number | string; project_id: number | string },
) {
  await requestComponentAnalysis(
    ctx.db,
    ctx.enqueue,
    Number(component.project_id),
    Number(component.id),
  )
}
