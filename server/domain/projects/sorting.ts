import type { ProjectOrder } from '../../data/projects.ts'
import { problem } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'

/** Persistent Project fields and the SQL they sort by (null: persistent but not orderable). */
const PERSISTENT: Record<string, string | null> = {
  id: 'p.id',
  uuid: 'p.uuid',
  name: 'p.name',
  version: 'p.version',
  group: 'p."group"',
  description: 'p.description',
  publisher: 'p.publisher',
  authors: 'p.authors::text',
  manufacturer: 'p.manufacturer::text',
  supplier: 'p.supplier::text',
  classifier: 'p.classifier',
  collectionLogic: 'p.collection_logic',
  collectionTag: 'ct.name',
  cpe: 'p.cpe',
  purl: 'p.purl',
  swidTagId: 'p.swid_tag_id',
  directDependencies: 'p.direct_dependencies',
  parent: 'p.parent_id',
  lastBomImport: 'p.last_bom_import',
  lastBomImportFormat: 'p.last_bom_import_format',
  lastInheritedRiskScore: 'p.last_inherited_risk_score',
  lastVulnerabilityAnalysis: 'p.last_vulnerability_analysis',
  active: 'p.active',
  inactiveSince: 'p.inactive_since',
  isLatest: 'p.is_latest',
  externalReferences: 'p.external_references::text',
  metadata: 'p.metadata::text',
  children: null,
  properties: null,
  tags: null,
  accessTeams: null,
}

const COMPUTED = new Set(['metrics', 'versions', 'dependencyGraph', 'bomRef'])

const PARENT_FIELDS: Record<string, string> = { name: 'name', version: 'version', uuid: 'uuid' }

export function notSortable(entity: string, field: string, reason: string) {
  return problem(400, 'Field not sortable', `Can not sort by ${entity}#${field}: ${reason}`)
}

/**
 * Alpine's rules: a sortName replaces the endpoint's default order; it is checked and applied
 * only with a valid direction; a computed or unknown first segment is then a 400 problem.
 */
export function projectOrder(query: ListQuery, defaults: ProjectOrder[]): ProjectOrder[] {
  if (query.sortName === undefined) return defaults
  if (!query.sortDirection) return []
  const [field = '', ...rest] = query.sortName.split('.')
  if (COMPUTED.has(field)) {
    throw notSortable('Project', field, 'The field is computed and can not be queried or sorted by')
  }
  if (!Object.hasOwn(PERSISTENT, field))
    throw notSortable('Project', field, 'The field does not exist')
  const direction = query.sortDirection
  if (rest.length === 0) {
    const sql = PERSISTENT[field]
    return sql ? [{ sql, direction }] : []
  }
  const nested = rest.join('.')
  if (field === 'parent' && Object.hasOwn(PARENT_FIELDS, nested)) {
    return [
      {
        sql: `(SELECT pp.${PARENT_FIELDS[nested]} FROM project pp WHERE pp.id = p.parent_id)`,
        direction,
      },
    ]
  }
  if (field === 'collectionTag' && nested === 'name') return [{ sql: 'ct.name', direction }]
  return []
}

export const NAME_ASC: ProjectOrder = { sql: 'p.name', direction: 'asc' }
export const VERSION_DESC: ProjectOrder = { sql: 'p.version', direction: 'desc' }
