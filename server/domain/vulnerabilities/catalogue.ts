import { createHash } from 'node:crypto'
import { ALIAS_FIELDS, type AliasField } from '../../../common/dt-vocabulary.ts'
import type { Queryable } from '../../db/database.ts'
import {
  ALIAS_COLUMNS,
  aliasRowsSharing,
  ensureVulnerableSoftwareBulk,
  findVulnerabilitiesByKey,
  insertAttributions,
  insertVulnerabilityRows,
  saveAliasRows,
  SOFTWARE_COLUMNS,
  syncAttributions,
  upsertVulnerabilityRows,
  type AliasColumn,
  type SoftwareValues,
  type VulnerabilityRow,
  type VulnerabilityValues,
} from '../../data/vulnerability-catalogue.ts'
import type {
  AliasInput,
  CatalogueWriteOptions,
  CatalogueWriteResult,
  VulnerabilityRecord,
  VulnerableSoftwareInput,
} from './model.ts'

const keyOf = (source: string, vulnId: string) => `${source}\u0000${vulnId}`

/** The record's fields as column values; `undefined` (not said) becomes null. */
export function vulnerabilityValues(record: VulnerabilityRecord): VulnerabilityValues {
  const date = (value: Date | null | undefined) => value ?? null
  return {
    vuln_id: record.vulnId,
    source: record.source,
    friendly_vuln_id: record.friendlyVulnId ?? null,
    title: record.title ?? null,
    sub_title: record.subTitle ?? null,
    description: record.description ?? null,
    detail: record.detail ?? null,
    recommendation: record.recommendation ?? null,
    references: record.references ?? null,
    credits: record.credits ?? null,
    created: date(record.created),
    published: date(record.published),
    updated: date(record.updated),
    cwes: record.cwes?.length ? record.cwes : null,
    cvss_v2_base_score: record.cvssV2BaseScore ?? null,
    cvss_v2_impact_sub_score: record.cvssV2ImpactSubScore ?? null,
    cvss_v2_exploitability_sub_score: record.cvssV2ExploitabilitySubScore ?? null,
    cvss_v2_vector: record.cvssV2Vector ?? null,
    cvss_v3_base_score: record.cvssV3BaseScore ?? null,
    cvss_v3_impact_sub_score: record.cvssV3ImpactSubScore ?? null,
    cvss_v3_exploitability_sub_score: record.cvssV3ExploitabilitySubScore ?? null,
    cvss_v3_vector: record.cvssV3Vector ?? null,
    cvss_v4_score: record.cvssV4Score ?? null,
    cvss_v4_vector: record.cvssV4Vector ?? null,
    owasp_rr_likelihood_score: record.owaspRRLikelihoodScore ?? null,
    owasp_rr_technical_impact_score: record.owaspRRTechnicalImpactScore ?? null,
    owasp_rr_business_impact_score: record.owaspRRBusinessImpactScore ?? null,
    owasp_rr_vector: record.owaspRRVector ?? null,
    severity: record.severity ?? null,
    vulnerable_versions: record.vulnerableVersions ?? null,
    patched_versions: record.patchedVersions ?? null,
  }
}

/** NVD's field-by-field rule: what the record says overwrites; CWEs only when non-empty. */
function mergeFieldByField(stored: VulnerabilityRow, record: VulnerabilityRecord) {
  const incoming = vulnerabilityValues(record)
  const merged: VulnerabilityValues = { ...stored }
  for (const key of Object.keys(incoming) as (keyof VulnerabilityValues)[]) {
    if (fieldOfColumn[key] !== undefined && record[fieldOfColumn[key]] === undefined) continue
    if (key === 'cwes' && !(incoming.cwes && incoming.cwes.length > 0)) continue
    ;(merged as Record<string, unknown>)[key] = incoming[key]
  }
  return merged
}

const fieldOfColumn: Partial<Record<keyof VulnerabilityValues, keyof VulnerabilityRecord>> = {
  friendly_vuln_id: 'friendlyVulnId',
  title: 'title',
  sub_title: 'subTitle',
  description: 'description',
  detail: 'detail',
  recommendation: 'recommendation',
  references: 'references',
  credits: 'credits',
  created: 'created',
  published: 'published',
  updated: 'updated',
  cwes: 'cwes',
  cvss_v2_base_score: 'cvssV2BaseScore',
  cvss_v2_impact_sub_score: 'cvssV2ImpactSubScore',
  cvss_v2_exploitability_sub_score: 'cvssV2ExploitabilitySubScore',
  cvss_v2_vector: 'cvssV2Vector',
  cvss_v3_base_score: 'cvssV3BaseScore',
  cvss_v3_impact_sub_score: 'cvssV3ImpactSubScore',
  cvss_v3_exploitability_sub_score: 'cvssV3ExploitabilitySubScore',
  cvss_v3_vector: 'cvssV3Vector',
  cvss_v4_score: 'cvssV4Score',
  cvss_v4_vector: 'cvssV4Vector',
  owasp_rr_likelihood_score: 'owaspRRLikelihoodScore',
  owasp_rr_technical_impact_score: 'owaspRRTechnicalImpactScore',
  owasp_rr_business_impact_score: 'owaspRRBusinessImpactScore',
  owasp_rr_vector: 'owaspRRVector',
  severity: 'severity',
  vulnerable_versions: 'vulnerableVersions',
  patched_versions: 'patchedVersions',
}

const sameInstant = (a: Date | string | null, b: Date | null | undefined) =>
  a !== null && b != null && new Date(a).getTime() === b.getTime()

/** Column values of one piece of vulnerable software, with the key that identifies its content. */
export function softwareValues(input: VulnerableSoftwareInput): SoftwareValues {
  const values = {
    purl: input.purl ?? null,
    purl_type: input.purlType ?? null,
    purl_namespace: input.purlNamespace ?? null,
    purl_name: input.purlName ?? null,
    purl_version: input.purlVersion ?? null,
    purl_qualifiers: input.purlQualifiers ?? null,
    purl_subpath: input.purlSubpath ?? null,
    cpe22: input.cpe22 ?? null,
    cpe23: input.cpe23 ?? null,
    part: input.part ?? null,
    vendor: input.vendor ?? null,
    product: input.product ?? null,
    version: input.version ?? null,
    update: input.update ?? null,
    edition: input.edition ?? null,
    language: input.language ?? null,
    sw_edition: input.swEdition ?? null,
    target_sw: input.targetSw ?? null,
    target_hw: input.targetHw ?? null,
    other: input.other ?? null,
    version_end_excluding: input.versionEndExcluding ?? null,
    version_end_including: input.versionEndIncluding ?? null,
    version_start_excluding: input.versionStartExcluding ?? null,
    version_start_including: input.versionStartIncluding ?? null,
    vulnerable: input.vulnerable ?? true,
  }
  const content = SOFTWARE_COLUMNS.map((column) =>
    column === 'content_key' ? null : values[column],
  )
  const contentKey = createHash('sha256').update(JSON.stringify(content)).digest('base64url')
  return { content_key: contentKey, ...values }
}

const ALIAS_COLUMN: Record<AliasField, AliasColumn> = {
  cveId: 'cve_id',
  ghsaId: 'ghsa_id',
  sonatypeId: 'sonatype_id',
  osvId: 'osv_id',
  snykId: 'snyk_id',
  gsdId: 'gsd_id',
  vulnDbId: 'vuln_db_id',
  internalId: 'internal_id',
}

type AliasIds = Partial<Record<AliasColumn, string>>
type AliasGroup = { id?: number | string; dirty: boolean } & Partial<
  Record<AliasColumn, string | null>
>

/** The identifiers of one alias input by column (blank ones dropped); undefined under two. */
function aliasIds(alias: AliasInput): AliasIds | undefined {
  const ids: AliasIds = {}
  let count = 0
  for (const [field] of ALIAS_FIELDS) {
    const value = alias[field]?.trim()
    if (value) {
      ids[ALIAS_COLUMN[field]] = value
      count++
    }
  }
  return count < 2 ? undefined : ids
}

/**
 * Merges groups of identifiers into the alias table (dt-behaviour §2.6), one after the other as
 * 4.13 does: each goes into the row with the most matching identifiers where every given
 * identifier matches or is empty, else into a new row. The rows involved are read in one query
 * and written back in two, whatever the number of groups.
 */
export async function mergeAliases(db: Queryable, aliases: readonly AliasInput[]): Promise<void> {
  const inputs = aliases.flatMap((alias) => aliasIds(alias) ?? [])
  if (inputs.length === 0) return
  const wanted: Partial<Record<AliasColumn, Set<string>>> = {}
  for (const ids of inputs) {
    for (const [column, value] of Object.entries(ids) as [AliasColumn, string][]) {
      ;(wanted[column] ??= new Set()).add(value)
    }
  }
  const groups: AliasGroup[] = (
    await aliasRowsSharing(
      db,
      Object.fromEntries(Object.entries(wanted).map(([column, values]) => [column, [...values]])),
    )
  ).map((row) => ({ ...row, dirty: false }))
  // Groups by identifier, so each input only looks at the groups sharing one of its ids.
  const index = new Map<string, AliasGroup[]>()
  const indexGroup = (group: AliasGroup) => {
    for (const column of ALIAS_COLUMNS) {
      const value = group[column]
      if (!value) continue
      const key = `${column}\u0000${value}`
      const list = index.get(key)
      if (!list) index.set(key, [group])
      else if (!list.includes(group)) list.push(group)
    }
  }
  groups.forEach(indexGroup)
  for (const ids of inputs) {
    const entries = Object.entries(ids) as [AliasColumn, string][]
    const candidates = new Set<AliasGroup>()
    for (const [column, value] of entries) {
      for (const group of index.get(`${column}\u0000${value}`) ?? []) candidates.add(group)
    }
    let best: { group: AliasGroup; matches: number } | undefined
    // In table order (stored rows by id, then the new ones): the first of the best wins.
    for (const group of groups) {
      if (!candidates.has(group)) continue
      let matches = 0
      let compatible = true
      for (const [column, value] of entries) {
        if (group[column] === value) matches++
        else if (group[column] != null) compatible = false
      }
      if (compatible && (!best || matches > best.matches)) best = { group, matches }
    }
    if (best) {
      if (best.matches < entries.length) {
        for (const [column, value] of entries) best.group[column] ??= value
        best.group.dirty = true
        indexGroup(best.group)
      }
    } else {
      const group: AliasGroup = { ...ids, dirty: true }
      groups.push(group)
      indexGroup(group)
    }
  }
  await saveAliasRows(
    db,
    groups.filter((group) => group.dirty).map(({ dirty: _dirty, ...row }) => row),
  )
}

/** Merges one group of identifiers into the alias table (see mergeAliases). */
export async function mergeAlias(db: Queryable, alias: AliasInput): Promise<void> {
  await mergeAliases(db, [alias])
}

/**
 * Writes a batch of mirrored (or uploaded) records into the catalogue following 4.13's sync rules.
 * Runs inside the caller's transaction, so a batch lands whole together with the mirror position.
 * A batch costs a fixed number of statements, whatever its size: new rows go in by COPY where the
 * database offers it.
 */
export async function writeCatalogueBatch(
  db: Queryable,
  records: readonly VulnerabilityRecord[],
  options: CatalogueWriteOptions,
): Promise<CatalogueWriteResult> {
  const result: CatalogueWriteResult = { created: 0, updated: 0, unchanged: 0 }
  // The last record wins when a batch names one vulnerability twice.
  const latest = new Map<string, VulnerabilityRecord>()
  for (const record of records) latest.set(keyOf(record.source, record.vulnId), record)
  const stored = new Map(
    (
      await findVulnerabilitiesByKey(
        db,
        [...latest.values()].map((record) => ({ source: record.source, vulnId: record.vulnId })),
      )
    ).map((row) => [keyOf(row.source, row.vuln_id), row]),
  )

  const rowsToCreate: VulnerabilityValues[] = []
  const rowsToUpdate: VulnerabilityValues[] = []
  const reconcile: VulnerabilityRecord[] = []
  const idByKey = new Map<string, number | string>()
  const created = new Set<string>()
  for (const [key, record] of latest) {
    const existing = stored.get(key)
    const policy = options.policyFor?.(record) ?? 'replace-if-updated'
    if (!existing) {
      rowsToCreate.push(vulnerabilityValues(record))
      created.add(key)
      result.created++
    } else if (policy === 'keep-fields') {
      idByKey.set(key, existing.id)
      result.unchanged++
    } else if (policy === 'field-diff') {
      rowsToUpdate.push(mergeFieldByField(existing, record))
      result.updated++
    } else if (sameInstant(existing.updated, record.updated)) {
      result.unchanged++
      continue
    } else {
      rowsToUpdate.push(vulnerabilityValues(record))
      result.updated++
    }
    reconcile.push(record)
  }

  // Statements that do not depend on each other are issued together: they still run one after the
  // other in the transaction, but the next one's rows are built while the database runs the last
  // (PGlite runs in its own thread, decision 023).
  const withSoftware = reconcile.filter((record) => record.vulnerableSoftware != null)
  const software = withSoftware.map((record) => record.vulnerableSoftware!.map(softwareValues))
  const [createdRows, updatedRows, softwareIds] = await Promise.all([
    insertVulnerabilityRows(db, rowsToCreate),
    upsertVulnerabilityRows(db, rowsToUpdate),
    ensureVulnerableSoftwareBulk(db, dedupeByKey(software.flat())),
  ])
  for (const row of [...createdRows, ...updatedRows]) {
    idByKey.set(keyOf(row.source, row.vuln_id), row.id)
  }
  const links = withSoftware.map((record, index) => {
    const key = keyOf(record.source, record.vulnId)
    return {
      key,
      vulnerabilityId: idByKey.get(key)!,
      softwareIds: [...new Set(software[index]!.map((row) => softwareIds.get(row.content_key)!))],
    }
  })
  await Promise.all([
    insertAttributions(
      db,
      options.attributionSource,
      links.filter((link) => created.has(link.key)),
    ),
    syncAttributions(
      db,
      options.attributionSource,
      links.filter((link) => !created.has(link.key)),
    ),
    options.syncAliases
      ? mergeAliases(
          db,
          reconcile.flatMap((record) => record.aliases ?? []),
        )
      : undefined,
  ])
  return result
}

function dedupeByKey(rows: SoftwareValues[]) {
  return [...new Map(rows.map((row) => [row.content_key, row])).values()]
}
