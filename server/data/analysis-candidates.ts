import type { Queryable } from '../db/database.ts'

/** A row of vulnerable software, as the checks of the internal analyzer read it. */
export interface CandidateRow {
  id: string | number
  purl_type: string | null
  purl_namespace: string | null
  purl_name: string | null
  cpe23: string | null
  part: string | null
  vendor: string | null
  product: string | null
  version: string | null
  update: string | null
  edition: string | null
  language: string | null
  sw_edition: string | null
  target_sw: string | null
  target_hw: string | null
  other: string | null
  version_end_excluding: string | null
  version_end_including: string | null
  version_start_excluding: string | null
  version_start_including: string | null
}

export interface PurlKey {
  type: string
  namespace: string | null
  name: string
}

/** An exact (part, vendor, product) triple; null stands for "any non-null value" (a target `*`). */
export interface CpeKey {
  part: string | null
  vendor: string | null
  product: string | null
}

const SOFTWARE_COLUMNS = `vs.id, vs.purl_type, vs.purl_namespace, vs.purl_name, vs.cpe23, vs.part,
  vs.vendor, vs.product, vs.version, vs."update", vs.edition, vs.language, vs.sw_edition,
  vs.target_sw, vs.target_hw, vs.other, vs.version_end_excluding, vs.version_end_including,
  vs.version_start_excluding, vs.version_start_including`

/**
 * Every candidate of one batch in one statement (4.13 §2.2): purl rows whose type, namespace and
 * name equal a component's, and CPE rows whose part, vendor and product equal one of the keys
 * (the caller expands each component's values with the `*` and `-` rules). Keys with a null
 * attribute (a component's `*`) accept any non-null value there. A null namespace matches null
 * in a branch of its own, so every branch is an index lookup per key.
 */
export function findCandidates(
  db: Queryable,
  purls: readonly PurlKey[],
  cpes: readonly CpeKey[],
): Promise<CandidateRow[]> {
  const exact = cpes.filter((k) => k.part !== null && k.vendor !== null && k.product !== null)
  const open = cpes.filter((k) => k.part === null || k.vendor === null || k.product === null)
  return db.query<CandidateRow>(
    `SELECT ${SOFTWARE_COLUMNS} FROM unnest($1::text[], $2::text[], $3::text[]) AS k(type, namespace, name)
      JOIN vulnerable_software vs ON vs.purl_type = k.type AND vs.purl_namespace = k.namespace
        AND vs.purl_name = k.name
      UNION ALL
      SELECT ${SOFTWARE_COLUMNS} FROM unnest($1::text[], $2::text[], $3::text[]) AS k(type, namespace, name)
      JOIN vulnerable_software vs ON vs.purl_type = k.type AND vs.purl_namespace IS NULL
        AND vs.purl_name = k.name
      WHERE k.namespace IS NULL
      UNION ALL
      SELECT ${SOFTWARE_COLUMNS} FROM unnest($4::text[], $5::text[], $6::text[]) AS k(part, vendor, product)
      JOIN vulnerable_software vs
        ON vs.part = k.part AND vs.vendor = k.vendor AND vs.product = k.product
      UNION ALL
      SELECT ${SOFTWARE_COLUMNS} FROM unnest($7::text[], $8::text[], $9::text[]) AS k(part, vendor, product)
      JOIN vulnerable_software vs
        ON vs.cpe23 IS NOT NULL
        AND COALESCE(vs.part = k.part OR vs.part = '*', vs.part IS NOT NULL)
        AND COALESCE(vs.vendor = k.vendor OR vs.vendor = '*', vs.vendor IS NOT NULL)
        AND COALESCE(vs.product = k.product OR vs.product = '*', vs.product IS NOT NULL)`,
    [
      purls.map((k) => k.type),
      purls.map((k) => k.namespace),
      purls.map((k) => k.name),
      exact.map((k) => k.part),
      exact.map((k) => k.vendor),
      exact.map((k) => k.product),
      open.map((k) => k.part),
      open.map((k) => k.vendor),
      open.map((k) => k.product),
    ],
  )
}

/**
 * Fuzzy step 1 (4.13 §2.3 without Lucene): CPE rows whose `cpe23` starts with
 * `cpe:2.3:<part>:<vendor>:<product>:`, case-insensitively, one LIKE pattern per term.
 */
export function findCandidatesByCpePrefix(
  db: Queryable,
  patterns: readonly string[],
): Promise<Array<CandidateRow & { pattern: string }>> {
  return db.query(
    `SELECT ${SOFTWARE_COLUMNS}, p.pattern FROM unnest($1::text[]) AS p(pattern)
     JOIN vulnerable_software vs ON vs.cpe23 ILIKE p.pattern`,
    [patterns],
  )
}

/** Distinct products of CPE rows of a part whose length is within `slack` of the given ones. */
export function cpeProductsNear(
  db: Queryable,
  parts: readonly string[],
  lengths: readonly number[],
  slack: number,
): Promise<Array<{ part: string; product: string }>> {
  return db.query(
    `SELECT DISTINCT vs.part, vs.product
     FROM unnest($1::text[], $2::int[]) AS k(part, len)
     JOIN vulnerable_software vs ON vs.part = k.part
       AND char_length(vs.product) BETWEEN k.len - $3 AND k.len + $3`,
    [parts, lengths, slack],
  )
}

/** CPE rows of the given (part, product) pairs. */
export function findCandidatesByProduct(
  db: Queryable,
  keys: ReadonlyArray<{ part: string; product: string }>,
): Promise<CandidateRow[]> {
  return db.query<CandidateRow>(
    `SELECT ${SOFTWARE_COLUMNS} FROM unnest($1::text[], $2::text[]) AS k(part, product)
     JOIN vulnerable_software vs ON vs.part = k.part AND vs.product = k.product`,
    [keys.map((k) => k.part), keys.map((k) => k.product)],
  )
}

/**
 * The vulnerabilities linked to the given pieces of software: asked only for the ranges that
 * passed the checks, a fraction of the candidates.
 */
export function linkedVulnerabilities(
  db: Queryable,
  softwareIds: readonly number[],
): Promise<Array<{ software_id: string | number; vulnerability_id: string | number }>> {
  return db.query(
    `SELECT DISTINCT vulnerable_software_id AS software_id, vulnerability_id
     FROM affected_version_attribution WHERE vulnerable_software_id = ANY($1::bigint[])`,
    [softwareIds],
  )
}
