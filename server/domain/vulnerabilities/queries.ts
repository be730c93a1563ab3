import { SEVERITIES, VULNERABILITY_SOURCES } from '../../../common/dt-vocabulary.ts'
import type { ComponentRow } from '../../data/components.ts'
import * as store from '../../data/vulnerabilities.ts'
import type {
  AffectedProjectCounts,
  AffectedSoftwareRow,
  VulnerabilityAliasRow,
  VulnerabilityDetailRow,
  VulnerabilityFilter,
} from '../../data/vulnerabilities.ts'
import type { Queryable } from '../../db/database.ts'
import { textError, validationError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import {
  COMPONENT_MESSAGES,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_MESSAGES,
} from '../components/access.ts'
import { loadOwningProjects, type ProjectWithTags } from '../components/project-refs.ts'
import { orderByClause, type SortableEntity } from '../components/sorting.ts'
import { projectAccessFor } from '../projects/access.ts'
import { VULNERABILITY_NOT_FOUND } from './internal.ts'

export type { AffectedSoftwareRow, VulnerabilityAliasRow, VulnerabilityDetailRow }
export type { AffectedProjectRow } from '../../data/vulnerabilities.ts'

/** A vulnerability with the relations an endpoint loads (absent ones are not serialised). */
export interface VulnerabilityView {
  row: VulnerabilityDetailRow
  aliases?: VulnerabilityAliasRow[]
  components?: ComponentRow[]
  /** 4.13 answers `serviceComponents: []` on create and update. */
  serviceComponents?: true
  counts?: Pick<AffectedProjectCounts, 'total' | 'active' | 'inactive'>
  affectedComponents?: AffectedSoftwareRow[]
}

export interface VulnerabilityViews {
  views: VulnerabilityView[]
  /** The projects the views' components belong to. */
  projects: Map<string, ProjectWithTags>
}

const VULNERABILITY: SortableEntity = {
  name: 'Vulnerability',
  columns: store.VULNERABILITY_SORT_COLUMNS,
  computed: new Set([
    'cwe',
    'components',
    'serviceComponents',
    'affectedProjectCount',
    'affectedActiveProjectCount',
    'affectedInactiveProjectCount',
    'affectedComponents',
    'aliases',
    'findingAttribution',
    'kev',
  ]),
  tieBreaker: 'v.id',
}

/** The additive list filters: comma lists of names, refused when a name is unknown. */
export function parseVulnerabilityFilter(query: {
  searchText?: string
  severity?: string
  source?: string
  kev?: string
  collapseAliases?: string
}): VulnerabilityFilter {
  const list = (name: string, text: string | undefined, known: readonly string[]) => {
    const values = (text ?? '')
      .split(',')
      .map((value) => value.trim().toUpperCase())
      .filter(Boolean)
    const unknown = values.filter((value) => !known.includes(value))
    if (unknown.length > 0) {
      throw validationError([
        {
          message: `must be a comma-separated list of ${known.join(', ')}`,
          messageTemplate: '{lookout.validation.enum}',
          path: `querystring.${name}`,
          invalidValue: text,
        },
      ])
    }
    return values
  }
  return {
    searchText: query.searchText,
    severities: list('severity', query.severity, SEVERITIES),
    sources: list('source', query.source, VULNERABILITY_SOURCES),
    kevOnly: isTrue(query.kev),
    collapseAliases: isTrue(query.collapseAliases),
  }
}

/** JAX-RS reads a boolean query parameter as true only for "true" (any case). */
export const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true'

const keyOf = (row: { source: string; vuln_id: string }) => `${row.source}\u0000${row.vuln_id}`

async function aliasesByKey(db: Queryable, rows: readonly VulnerabilityDetailRow[]) {
  const keys = [...new Map(rows.map((row) => [keyOf(row), row])).values()]
  const aliases = await store.aliasesOf(
    db,
    keys.map((row) => ({ source: row.source, vulnId: row.vuln_id })),
  )
  const byKey = new Map<string, VulnerabilityAliasRow[]>()
  for (const alias of aliases) byKey.set(keyOf(alias), [...(byKey.get(keyOf(alias)) ?? []), alias])
  return (row: VulnerabilityDetailRow) => byKey.get(keyOf(row)) ?? []
}

function groupBy<T>(items: readonly T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

/** GET /vulnerability: a page with counts, aliases and the accessible affected components. */
export async function listVulnerabilities(
  db: Queryable,
  principal: Principal | undefined,
  query: ListQuery,
  filter: VulnerabilityFilter,
): Promise<VulnerabilityViews & { total: number }> {
  const orderBy = orderByClause(VULNERABILITY, query, 'v.id ASC')
  const page = await store.pageOfVulnerabilityIds(db, filter, orderBy, query)
  const rows = await store.vulnerabilitiesByIds(db, page.ids)
  const access = await projectAccessFor(db, principal)
  const counts = new Map(
    (await store.affectedProjectCounts(db, page.ids, access)).map((c) => [
      String(c.vulnerability_id),
      c,
    ]),
  )
  const components = groupBy(
    await store.componentsOfVulnerabilities(db, page.ids, access),
    (component) => String(component.finding_vulnerability_id),
  )
  const aliases = await aliasesByKey(db, rows)
  const views = rows.map((row) => ({
    row,
    aliases: aliases(row),
    components: components.get(String(row.id)) ?? [],
    counts: counts.get(String(row.id)) ?? { total: 0, active: 0, inactive: 0 },
  }))
  const projects = await loadOwningProjects(
    db,
    views.flatMap((view) => view.components),
  )
  return { views, projects, total: page.total }
}

/** GET /vulnerability/{uuid}: the plain entity. */
export async function getVulnerability(db: Queryable, uuid: string): Promise<VulnerabilityView> {
  const row = await store.findVulnerabilityByUuid(db, uuid)
  if (!row) throw textError(404, VULNERABILITY_NOT_FOUND)
  return { row }
}

async function storedBySourceId(db: Queryable, source: string, vulnId: string) {
  const row = await store.findVulnerabilityBySourceId(db, source, vulnId)
  if (!row) throw textError(404, VULNERABILITY_NOT_FOUND)
  return row
}

/** GET /vulnerability/source/{source}/vuln/{vuln}: with components, aliases, affected software. */
export async function getVulnerabilityBySourceId(
  db: Queryable,
  principal: Principal | undefined,
  source: string,
  vulnId: string,
): Promise<VulnerabilityViews> {
  const row = await storedBySourceId(db, source, vulnId)
  const access = await projectAccessFor(db, principal)
  const components = await store.componentsOfVulnerabilities(db, [row.id], access)
  const view: VulnerabilityView = {
    row,
    components,
    aliases: (await aliasesByKey(db, [row]))(row),
    affectedComponents: await store.affectedSoftwareOf(db, row.id),
  }
  return { views: [view], projects: await loadOwningProjects(db, components) }
}

/** The response of create and update: the stored row with its affected software. */
export async function writtenVulnerability(
  db: Queryable,
  id: number | string,
  withAliases: boolean,
): Promise<VulnerabilityView> {
  const [row] = await store.vulnerabilitiesByIds(db, [id])
  return {
    row: row!,
    components: [],
    serviceComponents: true,
    affectedComponents: await store.affectedSoftwareOf(db, id),
    ...(withAliases ? { aliases: (await aliasesByKey(db, [row!]))(row!) } : {}),
  }
}

/** GET /vulnerability/component/{uuid}: one page, with aliases. */
export async function listComponentVulnerabilities(
  db: Queryable,
  principal: Principal | undefined,
  componentUuid: string,
  query: ListQuery,
  includeSuppressed: boolean,
): Promise<VulnerabilityViews & { total: number }> {
  const component = await loadAccessibleComponent(db, principal, componentUuid, COMPONENT_MESSAGES)
  const orderBy = orderByClause(VULNERABILITY, query, 'v.id ASC')
  const page = await store.pageOfComponentVulnerabilityIds(
    db,
    component.id,
    { includeSuppressed, searchText: query.searchText },
    orderBy,
    query,
  )
  const rows = await store.vulnerabilitiesByIds(db, page.ids)
  const aliases = await aliasesByKey(db, rows)
  return {
    views: rows.map((row) => ({ row, aliases: aliases(row) })),
    projects: new Map(),
    total: page.total,
  }
}

/** GET /vulnerability/project/{uuid}: one entry per (component, vulnerability), not paged. */
export async function listProjectVulnerabilities(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  includeSuppressed: boolean,
): Promise<VulnerabilityViews> {
  const project = await loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
  const pairs = await store.projectFindingPairs(db, project.id, includeSuppressed)
  const vulnerabilityIds = [...new Set(pairs.map((pair) => String(pair.vulnerability_id)))]
  const rows = new Map(
    (await store.vulnerabilitiesByIds(db, vulnerabilityIds)).map((row) => [String(row.id), row]),
  )
  const components = new Map(
    (await store.componentsByIds(db, [...new Set(pairs.map((p) => String(p.component_id)))])).map(
      (row) => [String(row.id), row],
    ),
  )
  const aliases = await aliasesByKey(db, [...rows.values()])
  const views = pairs.map((pair) => {
    const row = rows.get(String(pair.vulnerability_id))!
    return { row, components: [components.get(String(pair.component_id))!], aliases: aliases(row) }
  })
  return { views, projects: await loadOwningProjects(db, [...components.values()]) }
}

/** GET /vulnerability/source/{source}/vuln/{vuln}/projects. */
export async function affectedProjects(
  db: Queryable,
  principal: Principal | undefined,
  source: string,
  vulnId: string,
  excludeInactive: boolean,
) {
  const row = await storedBySourceId(db, source, vulnId)
  const access = await projectAccessFor(db, principal)
  return store.affectedProjectsOf(db, row.id, access, excludeInactive)
}

/** The stored vulnerability named by uuid or by source and vulnId (404 when there is none). */
export async function vulnerabilityByRef(
  db: Queryable,
  ref: { uuid: string } | { source: string; vulnId: string },
) {
  const row =
    'uuid' in ref
      ? await store.findVulnerabilityByUuid(db, ref.uuid)
      : await store.findVulnerabilityBySourceId(db, ref.source, ref.vulnId)
  if (!row) throw textError(404, VULNERABILITY_NOT_FOUND)
  return row
}
