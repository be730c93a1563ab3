import { randomUUID } from 'node:crypto'
import type {
  AnalysisJustification,
  AnalysisResponse,
  AnalysisState,
} from '../../../common/dt-vocabulary.ts'
import { ALIAS_COLUMNS } from '../../data/vulnerability-catalogue.ts'
import { aliasesOf } from '../../data/vulnerabilities.ts'
import { listVexFindings, type VexFindingRow } from '../../data/vex.ts'
import type { Queryable } from '../../db/database.ts'
import type { Principal } from '../auth/principal.ts'
import { buildCycloneDx, type ExportTool } from '../bom/export.ts'
import { loadAccessibleExportProject } from '../bom/export-load.ts'
import { vulnerabilityElements } from '../bom/export-vulnerabilities.ts'
import { OPENVEX_CONTEXT, toOpenVex } from './mapping.ts'

/** §7.1: the project's findings as a CycloneDX 1.5 VEX: no components, affects = the project. */
export async function cycloneDxVex(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  tool: ExportTool,
) {
  const project = await loadAccessibleExportProject(db, principal, uuid)
  const findings = await listVexFindings(db, project.id)
  const document = buildCycloneDx({
    version: '1.5',
    tool,
    project,
    components: [],
    services: [],
    withDependencies: false,
    vulnerabilities: vulnerabilityElements(findings, () => project.uuid),
  })
  delete document.components
  return { project, document }
}

/** Every other id of the vulnerability's alias rows, in alias-row order. */
async function aliasMap(db: Queryable, findings: readonly VexFindingRow[]) {
  const keys = [
    ...new Map(findings.map((row) => [`${row.source}\u0000${row.vuln_id}`, row])).values(),
  ].map((row) => ({ source: row.source, vulnId: row.vuln_id }))
  const result = new Map<string, Set<string>>()
  for (const alias of await aliasesOf(db, keys)) {
    const key = `${alias.source}\u0000${alias.vuln_id}`
    const ids = result.get(key) ?? new Set<string>()
    for (const column of ALIAS_COLUMNS) {
      const id = alias[column]
      if (id && id !== alias.vuln_id) ids.add(id)
    }
    result.set(key, ids)
  }
  return result
}

const orNotSet = <T extends string>(value: string | null) => (value ?? 'NOT_SET') as T

/** OpenVEX 0.2.0 (beyond 4.13): one statement per finding, the component named by its purl. */
export async function openVex(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  tool: ExportTool,
) {
  const project = await loadAccessibleExportProject(db, principal, uuid)
  const findings = await listVexFindings(db, project.id)
  const aliases = await aliasMap(db, findings)
  const timestamp = new Date().toISOString()
  const statements = findings.map((row) => {
    const ids = [...(aliases.get(`${row.source}\u0000${row.vuln_id}`) ?? [])]
    const productId = row.component_purl ?? `urn:uuid:${row.component_uuid}`
    return {
      vulnerability: { name: row.vuln_id, ...(ids.length > 0 ? { aliases: ids } : {}) },
      products: [
        {
          '@id': productId,
          ...(row.component_purl ? { identifiers: { purl: row.component_purl } } : {}),
        },
      ],
      ...toOpenVex({
        state: orNotSet<AnalysisState>(row.state),
        justification: orNotSet<AnalysisJustification>(row.justification),
        response: orNotSet<AnalysisResponse>(row.response),
        details: row.details,
      }),
    }
  })
  const document = {
    '@context': OPENVEX_CONTEXT,
    '@id': `urn:uuid:${randomUUID()}`,
    author: tool.name,
    timestamp,
    version: 1,
    tooling: `${tool.name} ${tool.version}`,
    statements,
  }
  return { project, document }
}
