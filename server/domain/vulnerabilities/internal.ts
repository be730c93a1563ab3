import { randomInt } from 'node:crypto'
import type { Database, Queryable } from '../../db/database.ts'
import * as store from '../../data/vulnerabilities.ts'
import {
  ensureVulnerableSoftware,
  syncAttributions,
  type VulnerabilityValues,
} from '../../data/vulnerability-catalogue.ts'
import { textError } from '../../lib/errors.ts'
import { parsePurl, purlParts } from '../components/purl.ts'
import { softwareValues } from './catalogue.ts'
import { parseCweId } from './cwe.ts'
import { parseCpe } from './cpe.ts'
import type { VulnerableSoftwareInput } from './model.ts'
import type { AffectedComponentInput, VulnerabilityInput } from './schemas.ts'
import { parseDateInput } from './schemas.ts'
import {
  deriveSeverity,
  InvalidOwaspVector,
  scoreCvss,
  scoreOwaspRiskRating,
  type CvssScore,
} from './scoring.ts'

type Id = number | string

export const VULNERABILITY_NOT_FOUND = 'The vulnerability could not be found.'

const INVALID_CVSS = 'An invalid CVSSv2 or CVSSv3 vector submitted.'
const INVALID_CVSS_V4 = 'An invalid CVSSv4 vector submitted.'

function cvss(vector: string | null | undefined, version: CvssScore['version']) {
  if (!vector) return undefined
  const score = scoreCvss(vector)
  if (!score || score.version !== version) {
    throw textError(400, version === 4 ? INVALID_CVSS_V4 : INVALID_CVSS)
  }
  return score
}

function owasp(vector: string | null | undefined) {
  if (!vector) return undefined
  try {
    return scoreOwaspRiskRating(vector)
  } catch (error) {
    if (error instanceof InvalidOwaspVector) throw textError(400, error.message)
    throw error
  }
}

/** `cwes: [{cweId}]` wins over the legacy `cwe: {cweId}`; ids of 0 or less are ignored. */
function cweIds(input: VulnerabilityInput) {
  const refs = input.cwes ?? (input.cwe ? [input.cwe] : [])
  const ids = refs.flatMap((ref) => {
    const id = parseCweId(typeof ref.cweId === 'string' ? ref.cweId.trim() : ref.cweId)
    return id === undefined ? [] : [id]
  })
  const unique = [...new Set(ids)]
  return unique.length > 0 ? unique : null
}

const date = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : (parseDateInput(value) ?? null)

/**
 * The stored fields of an internal vulnerability: vectors normalised, every score computed from
 * its vector (never taken from the body), severity as given or else derived (§2.3).
 */
function internalValues(input: VulnerabilityInput): VulnerabilityValues {
  const v2 = cvss(input.cvssV2Vector, 2)
  const v3 = cvss(input.cvssV3Vector, 3)
  const v4 = cvss(input.cvssV4Vector, 4)
  const rr = owasp(input.owaspRRVector)
  const severity = deriveSeverity({
    severity: input.severity,
    cvssV3BaseScore: v3?.baseScore,
    cvssV2BaseScore: v2?.baseScore,
    owaspRRLikelihoodScore: rr?.likelihoodScore,
    owaspRRTechnicalImpactScore: rr?.technicalImpactScore,
    owaspRRBusinessImpactScore: rr?.businessImpactScore,
  })
  return {
    vuln_id: input.vulnId,
    source: 'INTERNAL',
    friendly_vuln_id: input.friendlyVulnId ?? null,
    title: input.title ?? null,
    sub_title: input.subTitle ?? null,
    description: input.description ?? null,
    detail: input.detail ?? null,
    recommendation: input.recommendation ?? null,
    references: input.references ?? null,
    credits: input.credits ?? null,
    created: date(input.created),
    published: date(input.published),
    updated: date(input.updated),
    cwes: cweIds(input),
    cvss_v2_base_score: v2?.baseScore ?? null,
    cvss_v2_impact_sub_score: v2?.impactSubScore ?? null,
    cvss_v2_exploitability_sub_score: v2?.exploitabilitySubScore ?? null,
    cvss_v2_vector: v2?.vector ?? null,
    cvss_v3_base_score: v3?.baseScore ?? null,
    cvss_v3_impact_sub_score: v3?.impactSubScore ?? null,
    cvss_v3_exploitability_sub_score: v3?.exploitabilitySubScore ?? null,
    cvss_v3_vector: v3?.vector ?? null,
    cvss_v4_score: v4?.baseScore ?? null,
    cvss_v4_vector: v4?.vector ?? null,
    owasp_rr_likelihood_score: rr?.likelihoodScore ?? null,
    owasp_rr_technical_impact_score: rr?.technicalImpactScore ?? null,
    owasp_rr_business_impact_score: rr?.businessImpactScore ?? null,
    owasp_rr_vector: rr ? input.owaspRRVector! : null,
    severity,
    vulnerable_versions: input.vulnerableVersions ?? null,
    patched_versions: input.patchedVersions ?? null,
  }
}

/**
 * An affected component as vulnerable software (4.13's AffectedComponent.toVulnerableSoftware):
 * the identity is parsed (unparsable → skipped); only a RANGE copies its bounds; an EXACT one
 * takes the given version, else the identity's.
 */
export function vulnerableSoftwareOf(
  input: AffectedComponentInput,
): VulnerableSoftwareInput | undefined {
  if (!input.identity) return undefined
  let software: VulnerableSoftwareInput
  let identityVersion: string | null
  if (input.identityType === 'CPE') {
    const cpe = parseCpe(input.identity)
    if (!cpe) return undefined
    const { cpe22, cpe23, part, vendor, product, update, edition, language } = cpe
    const { swEdition, targetSw, targetHw, other } = cpe
    software = { cpe22, cpe23, part, vendor, product, update, edition, language }
    Object.assign(software, { swEdition, targetSw, targetHw, other })
    identityVersion = cpe.version
  } else if (input.identityType === 'PURL') {
    const parsed = parsePurl(input.identity)
    const parts = parsed && purlParts(parsed.purl)
    if (!parsed || !parts) return undefined
    software = {
      purl: parsed.purl,
      purlType: parts.type,
      purlNamespace: parts.namespace,
      purlName: parts.name,
      purlVersion: parts.version,
      purlQualifiers: parts.qualifiers ? JSON.stringify(parts.qualifiers) : null,
      purlSubpath: parts.subpath,
    }
    identityVersion = parts.version
  } else return undefined
  if (input.versionType === 'RANGE') {
    software.version = identityVersion
    software.versionEndExcluding = input.versionEndExcluding ?? null
    software.versionEndIncluding = input.versionEndIncluding ?? null
    software.versionStartExcluding = input.versionStartExcluding ?? null
    software.versionStartIncluding = input.versionStartIncluding ?? null
  } else {
    software.version = input.version ?? identityVersion
  }
  software.vulnerable = true
  return software
}

/** Makes the INTERNAL attributions of a vulnerability exactly the given components. */
async function syncInternalSoftware(
  tx: Queryable,
  vulnerabilityId: Id,
  components: readonly AffectedComponentInput[] | null | undefined,
) {
  const before = await store.softwareIdsOf(tx, vulnerabilityId)
  const rows = new Map(
    (components ?? []).flatMap((component) => {
      const software = vulnerableSoftwareOf(component)
      if (!software) return []
      const values = softwareValues(software)
      return [[values.content_key, values] as const]
    }),
  )
  const ids = await ensureVulnerableSoftware(tx, [...rows.values()])
  await syncAttributions(tx, 'INTERNAL', [
    { vulnerabilityId, softwareIds: [...new Set([...rows.keys()].map((key) => ids.get(key)!))] },
  ])
  await store.deleteUnlinkedSoftware(tx, before)
}

/** PUT /vulnerability: answers the new vulnerability's id. */
export async function createInternalVulnerability(db: Database, input: VulnerabilityInput) {
  const values = internalValues(input)
  return db.transaction(async (tx) => {
    const row = await store.insertVulnerability(tx, values)
    if (!row) throw textError(409, 'A vulnerability with the specified vulnId already exists.')
    await syncInternalSoftware(tx, row.id, input.affectedComponents)
    return row.id
  })
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** POST /vulnerability: only INTERNAL vulnerabilities, and never their vulnId. */
export async function updateInternalVulnerability(db: Database, input: VulnerabilityInput) {
  const uuid = typeof input.uuid === 'string' ? input.uuid.trim() : undefined
  if (!uuid || !UUID.test(uuid)) throw textError(404, VULNERABILITY_NOT_FOUND)
  const stored = await store.findVulnerabilityByUuid(db, uuid.toLowerCase())
  if (!stored || stored.source !== 'INTERNAL') throw textError(404, VULNERABILITY_NOT_FOUND)
  if (stored.vuln_id !== input.vulnId) throw textError(406, 'The vulnId may not be changed.')
  const values = internalValues(input)
  await db.transaction(async (tx) => {
    await store.updateVulnerability(tx, stored.id, values)
    await syncInternalSoftware(tx, stored.id, input.affectedComponents)
  })
  return stored.id
}

/** DELETE /vulnerability/{uuid}: an INTERNAL vulnerability no component is affected by. */
export async function deleteInternalVulnerability(db: Database, uuid: string) {
  const stored = await store.findVulnerabilityByUuid(db, uuid)
  if (!stored) throw textError(404, 'The UUID of the component could not be found.')
  if (stored.source !== 'INTERNAL') {
    throw textError(403, 'Access to the specified vulnerability is forbidden.')
  }
  await db.transaction(async (tx) => {
    if (await store.vulnerabilityHasFindings(tx, stored.id)) {
      throw textError(
        412,
        'Portfolio components or services are affected by this vulnerability. Unable to delete.',
      )
    }
    const software = await store.softwareIdsOf(tx, stored.id)
    await store.deleteVulnerability(tx, stored.id)
    await store.deleteUnlinkedSoftware(tx, software)
  })
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'
const idGroup = () => Array.from({ length: 4 }, () => ID_ALPHABET[randomInt(36)]).join('')

/** A fresh internal id, `INT-xxxx-xxxx-xxxx`, not yet taken. */
export async function generateInternalVulnId(db: Queryable) {
  for (;;) {
    const vulnId = `INT-${idGroup()}-${idGroup()}-${idGroup()}`
    if (!(await store.internalVulnIdExists(db, vulnId))) return vulnId
  }
}
