import type { AppContext } from '../../context.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import { latestProjectMetrics } from '../../data/metrics.ts'
import type { ProjectMetricsRow } from '../../data/metrics-columns.ts'
import { emptyError } from '../../lib/errors.ts'
import { credentialsFrom, resolvePrincipal } from '../auth/principal.ts'
import { projectAccessFor } from '../projects/access.ts'
import { findProject, requireAccessible } from '../projects/queries.ts'
import { badgeSvg, SEVERITY_COLORS, VIOLATION_COLORS, type BadgeBox } from './badge-svg.ts'

/**
 * Badges (dt-api-portfolio §4.23, dt-api-admin §11). With `general/badge.enabled` anyone may see
 * them; otherwise the caller authenticates (X-Api-Key, the `apiKey` query parameter, or a JWT),
 * needs VIEW_BADGES and, under portfolio access control, access to the project.
 */

export interface BadgeRequest {
  headers: Record<string, string | string[] | undefined>
  apiKey?: string
}

async function badgesArePublic(ctx: AppContext) {
  const property = await findConfigProperty(ctx.db, 'general', 'badge.enabled')
  return property?.property_value === 'true'
}

type ProjectRef = { uuid: string } | { name: string; version: string }

async function badgeProject(ctx: AppContext, request: BadgeRequest, ref: ProjectRef) {
  const open = await badgesArePublic(ctx)
  let principal
  if (!open) {
    const credentials = credentialsFrom(request.headers, { apiKey: request.apiKey })
    principal = await resolvePrincipal(ctx, credentials)
    if (!principal) throw emptyError(401)
    if (!principal.permissions.has('VIEW_BADGES')) throw emptyError(403)
  }
  const access = open ? { teamIds: undefined } : await projectAccessFor(ctx.db, principal)
  const project = await requireAccessible(ctx.db, access, await findProject(ctx.db, ref))
  const metrics = (await latestProjectMetrics(ctx.db, [project.id])).get(project.id)
  const subject = project.version ? `${project.name} ${project.version}` : project.name
  return { subject, metrics }
}

export function vulnerabilityBoxes(metrics: ProjectMetricsRow): BadgeBox[] {
  return (['critical', 'high', 'medium', 'low', 'unassigned'] as const).map((name) => ({
    name,
    count: metrics[name],
    color: SEVERITY_COLORS[name],
  }))
}

export function violationBoxes(metrics: ProjectMetricsRow): BadgeBox[] {
  return [
    { name: 'fail', count: metrics.policyViolationsFail, color: VIOLATION_COLORS.fail },
    { name: 'warn', count: metrics.policyViolationsWarn, color: VIOLATION_COLORS.warn },
    { name: 'info', count: metrics.policyViolationsInfo, color: VIOLATION_COLORS.info },
  ]
}

/** The vulnerabilities badge: the project's newest counts by severity. */
export async function vulnerabilitiesBadge(
  ctx: AppContext,
  request: BadgeRequest,
  ref: ProjectRef,
) {
  const { subject, metrics } = await badgeProject(ctx, request, ref)
  return badgeSvg(
    subject,
    'vulnerabilities',
    metrics && vulnerabilityBoxes(metrics),
    'no vulnerabilities',
  )
}

/** The policy violations badge: the project's newest counts by violation state. */
export async function violationsBadge(ctx: AppContext, request: BadgeRequest, ref: ProjectRef) {
  const { subject, metrics } = await badgeProject(ctx, request, ref)
  return badgeSvg(subject, 'policy violations', metrics && violationBoxes(metrics), 'no violations')
}
