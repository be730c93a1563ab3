import type { Queryable } from '../../../db/database.ts'
import {
  HASH_COLUMNS,
  existingLicenseIds,
  unsuppressedVulnerabilities,
  type EvaluationComponentRow,
  type EvaluationVulnerabilityRow,
  type HashColumn,
} from '../../../data/policy-evaluation.ts'
import { repositoryMeta } from '../../../data/repository-meta.ts'
import {
  packageKeyText as packageKey,
  packageOf,
  type PackageKey,
} from '../../repositories/packages.ts'
import { deriveSeverity } from '../../vulnerabilities/scoring.ts'
import {
  expressionTerms,
  parseLicenseExpression,
  resolveExpression,
  termCandidates,
  type LicenseExpression,
} from './license-expression.ts'
import type { ComponentFacts, FactKind, RepositoryFacts, VulnerabilityFacts } from './model.ts'
import { versionTokens } from './rules/operators.ts'
import { versionDistance } from './version-distance.ts'

/** The condition's algorithm name of each hash column. */
const ALGORITHM_OF: Record<HashColumn, string> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
  sha3_256: 'SHA3-256',
  sha3_384: 'SHA3-384',
  sha3_512: 'SHA3-512',
  blake2b_256: 'BLAKE2b-256',
  blake2b_384: 'BLAKE2b-384',
  blake2b_512: 'BLAKE2b-512',
  blake3: 'BLAKE3',
}

/** The uuids the project's directDependencies name (4.13 looks for `"uuid":"<uuid>"` in the text). */
export function directDependencyUuids(text: string | null): Set<string> {
  return new Set([...(text ?? '').matchAll(/"uuid":"([^"]+)"/g)].map((m) => m[1]!))
}

/** What facts of one evaluation remember across batches. */
export interface FactCaches {
  expressions: Map<string, LicenseExpression | null>
  /** licenseIds the catalogue was asked about, and the ones it has. */
  asked: Set<string>
  catalogue: Set<string>
}

export const newFactCaches = (): FactCaches => ({
  expressions: new Map(),
  asked: new Set(),
  catalogue: new Set(),
})

/**
 * The component's licensing as §3.3 takes it: the resolved license, else the parsed expression,
 * else the license name, else null (the literal `unresolved`).
 */
function licensingOf(row: EvaluationComponentRow, caches: FactCaches): LicenseExpression | null {
  if (row.license_id) return { license: row.license_id }
  const parsed = (text: string, spdxOnly: boolean) => {
    const key = `${spdxOnly ? 'name' : 'expression'}:${text}`
    let expression = caches.expressions.get(key)
    if (expression === undefined) {
      expression = parseLicenseExpression(text, spdxOnly)
      caches.expressions.set(key, expression)
    }
    return expression
  }
  if (row.license_expression) {
    const expression = parsed(row.license_expression, false)
    if (expression) return expression
  }
  // BOMs often put an expression where a name belongs (`MIT OR Apache-2.0`); 4.13 keeps it as
  // the name, which is read here as the expression it is when it names SPDX licenses only.
  return row.license ? (parsed(row.license, true) ?? { license: row.license }) : null
}

async function askCatalogue(
  db: Queryable,
  expressions: (LicenseExpression | null)[],
  caches: FactCaches,
) {
  const unknown = new Set<string>()
  for (const expression of expressions) {
    if (!expression) continue
    for (const term of expressionTerms(expression)) {
      for (const id of termCandidates(term)) if (!caches.asked.has(id)) unknown.add(id)
    }
  }
  if (unknown.size === 0) return
  for (const id of unknown) caches.asked.add(id)
  for (const id of await existingLicenseIds(db, [...unknown])) caches.catalogue.add(id)
}

const number = (value: number | string | null) => (value === null ? null : Number(value))

function vulnerabilityFacts(row: EvaluationVulnerabilityRow): VulnerabilityFacts {
  return {
    vulnId: row.vuln_id,
    severity: deriveSeverity({
      severity: row.severity,
      cvssV3BaseScore: number(row.cvss_v3_base_score),
      cvssV2BaseScore: number(row.cvss_v2_base_score),
      owaspRRLikelihoodScore: number(row.owasp_rr_likelihood_score),
      owaspRRTechnicalImpactScore: number(row.owasp_rr_technical_impact_score),
      owaspRRBusinessImpactScore: number(row.owasp_rr_business_impact_score),
    }),
    cwes: row.cwes && row.cwes.length > 0 ? row.cwes : null,
    epss: number(row.epss),
  }
}

async function vulnerabilitiesByComponent(db: Queryable, ids: number[]) {
  const byComponent = new Map<number, VulnerabilityFacts[]>()
  for (const row of await unsuppressedVulnerabilities(db, ids)) {
    const id = Number(row.component_id)
    let list = byComponent.get(id)
    if (!list) byComponent.set(id, (list = []))
    list.push(vulnerabilityFacts(row))
  }
  return byComponent
}

async function repositoryByComponent(db: Queryable, rows: EvaluationComponentRow[]) {
  const packages = new Map<number, string>()
  const keys = new Map<string, PackageKey>()
  for (const row of rows) {
    const key = row.purl ? packageOf(row.purl) : null
    if (!key) continue
    packages.set(Number(row.id), packageKey(key))
    keys.set(packageKey(key), key)
  }
  const meta = new Map(
    keys.size === 0
      ? []
      : (await repositoryMeta(db, [...keys.values()])).map((m) => [
          packageKey({ repositoryType: m.repository_type, namespace: m.namespace, name: m.name }),
          m,
        ]),
  )
  const byComponent = new Map<number, RepositoryFacts>()
  for (const row of rows) {
    const found = meta.get(packages.get(Number(row.id)) ?? '')
    if (!found) continue
    byComponent.set(Number(row.id), {
      published: found.published === null ? null : new Date(found.published),
      distance:
        found.latest_version && row.version
          ? versionDistance(row.version, found.latest_version)
          : null,
    })
  }
  return byComponent
}

function hashesOf(row: EvaluationComponentRow) {
  const hashes = new Map<string, string>()
  for (const column of HASH_COLUMNS) {
    const value = row[column]
    if (value) hashes.set(ALGORITHM_OF[column], value.trim().toLowerCase())
  }
  return hashes
}

/** The facts of one batch, with one bulk query per kind of fact its conditions need. */
export async function loadFacts(
  db: Queryable,
  rows: EvaluationComponentRow[],
  needs: ReadonlySet<FactKind>,
  directDependencies: ReadonlySet<string>,
  caches: FactCaches,
): Promise<ComponentFacts[]> {
  const ids = rows.map((row) => Number(row.id))
  const licensing = needs.has('license') ? rows.map((row) => licensingOf(row, caches)) : []
  if (licensing.length > 0) await askCatalogue(db, licensing, caches)
  const vulnerabilities = needs.has('vulnerabilities')
    ? await vulnerabilitiesByComponent(db, ids)
    : new Map<number, VulnerabilityFacts[]>()
  const repository = needs.has('repository')
    ? await repositoryByComponent(db, rows)
    : new Map<number, RepositoryFacts>()
  return rows.map((row, index) => {
    const id = ids[index]!
    const expression = licensing[index]
    return {
      id,
      group: row.group,
      name: row.name,
      version: row.version,
      versionTokens: versionTokens(row.version),
      purl: row.purl,
      cpe: row.cpe,
      swidTagId: row.swid_tag_id,
      hashes: hashesOf(row),
      license: expression ? resolveExpression(expression, caches.catalogue) : { id: null },
      vulnerabilities: vulnerabilities.get(id) ?? [],
      repository: repository.get(id) ?? null,
      directDependency: directDependencies.has(row.uuid),
    }
  })
}
