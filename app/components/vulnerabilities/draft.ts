import type { AffectedEntry, AffectedInput } from './affected.ts'
import {
  cvssV2Vector,
  cvssV3Vector,
  cvssV3VersionOf,
  owaspVector,
  parseCvssV2,
  parseCvssV3,
  parseOwasp,
  type Choices,
  type CvssV3Version,
} from './vectors.ts'

/**
 * What the vulnerability editor holds between round trips: every field as the reader typed it.
 * Without JavaScript each button (Calculate, Add, Select CWE, …) posts the whole form and the
 * server answers the same editor with one thing changed, so nothing typed is lost.
 */
export interface VulnerabilityDraft {
  vulnId: string
  title: string
  /** Empty: derive from CVSS or OWASP RR. */
  severity: string
  description: string
  detail: string
  recommendation: string
  references: string
  created: string
  published: string
  updated: string
  cvssV2: Choices
  cvssV3: Choices
  cvssV3Version: CvssV3Version
  owasp: Choices
  cwes: number[]
  affected: AffectedEntry[]
  newAffected: AffectedInput
}

export const EDITOR_TABS = [
  'general',
  'extended',
  'cvssV2',
  'cvssV3',
  'owasp',
  'affected',
  'dates',
] as const
export type EditorTab = (typeof EDITOR_TABS)[number]

export function emptyDraft(vulnId = ''): VulnerabilityDraft {
  return {
    vulnId,
    title: '',
    severity: '',
    description: '',
    detail: '',
    recommendation: '',
    references: '',
    created: '',
    published: '',
    updated: '',
    cvssV2: {},
    cvssV3: {},
    cvssV3Version: '3.1',
    owasp: {},
    cwes: [],
    affected: [],
    newAffected: {},
  }
}

/** `2024-03-01T10:00:00Z` (the API's dates) as a date field's value. */
function dateOnly(value: string | undefined) {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : ''
}

interface StoredVulnerability {
  vulnId: string
  title?: string
  severity?: string
  description?: string
  detail?: string
  recommendation?: string
  references?: string
  created?: string
  published?: string
  updated?: string
  cvssV2Vector?: string
  cvssV3Vector?: string
  owaspRRVector?: string
  cwes?: Array<{ cweId: number }>
  affectedComponents?: Array<Partial<AffectedEntry>>
}

/** The editor filled with a stored vulnerability (Details dialog). */
export function draftFromVulnerability(vulnerability: StoredVulnerability): VulnerabilityDraft {
  return {
    ...emptyDraft(vulnerability.vulnId),
    title: vulnerability.title ?? '',
    severity: vulnerability.severity ?? '',
    description: vulnerability.description ?? '',
    detail: vulnerability.detail ?? '',
    recommendation: vulnerability.recommendation ?? '',
    references: vulnerability.references ?? '',
    created: dateOnly(vulnerability.created),
    published: dateOnly(vulnerability.published),
    updated: dateOnly(vulnerability.updated),
    cvssV2: parseCvssV2(vulnerability.cvssV2Vector),
    cvssV3: parseCvssV3(vulnerability.cvssV3Vector),
    cvssV3Version: cvssV3VersionOf(vulnerability.cvssV3Vector),
    owasp: parseOwasp(vulnerability.owaspRRVector),
    cwes: (vulnerability.cwes ?? []).map((cwe) => cwe.cweId),
    affected: (vulnerability.affectedComponents ?? []).map(toEntry),
  }
}

const AFFECTED_BOUNDS = [
  'version',
  'versionStartIncluding',
  'versionStartExcluding',
  'versionEndIncluding',
  'versionEndExcluding',
] as const

function toEntry(component: Partial<AffectedEntry>): AffectedEntry {
  const entry: AffectedEntry = {
    identityType: component.identityType === 'CPE' ? 'CPE' : 'PURL',
    identity: component.identity ?? '',
    versionType: component.versionType === 'RANGE' ? 'RANGE' : 'EXACT',
  }
  for (const bound of AFFECTED_BOUNDS) {
    const value = component[bound]
    if (typeof value === 'string' && value) entry[bound] = value
  }
  return entry
}

type Payload = Record<string, unknown>

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function choicesFrom(value: unknown): Choices {
  if (typeof value !== 'object' || value === null) return {}
  return Object.fromEntries(
    Object.entries(value as Payload)
      .filter(([, choice]) => typeof choice === 'string' && choice !== '')
      .map(([id, choice]) => [id, choice as string]),
  )
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value]

/**
 * The editor as a posted form left it (Conform's structured payload: `cvssV3.AV`,
 * `affected[0].identity`, `cwes[1]`, …). Nothing is validated here; unreadable parts are dropped.
 */
export function draftFromPayload(payload: Payload): VulnerabilityDraft {
  const cwes = list(payload.cwes)
    .map((value) => Number(value))
    .filter((id) => Number.isInteger(id) && id > 0)
  const affected = list(payload.affected)
    .filter((value): value is Payload => typeof value === 'object' && value !== null)
    .map((value) => toEntry(value as Partial<AffectedEntry>))
    .filter((entry) => entry.identity !== '')
  const newAffected = (
    typeof payload.newAffected === 'object' && payload.newAffected !== null
      ? payload.newAffected
      : {}
  ) as Payload
  return {
    vulnId: text(payload.vulnId).trim(),
    title: text(payload.title),
    severity: text(payload.severity),
    description: text(payload.description),
    detail: text(payload.detail),
    recommendation: text(payload.recommendation),
    references: text(payload.references),
    created: text(payload.created),
    published: text(payload.published),
    updated: text(payload.updated),
    cvssV2: choicesFrom(payload.cvssV2),
    cvssV3: choicesFrom(payload.cvssV3),
    cvssV3Version: payload.cvssV3Version === '3.0' ? '3.0' : '3.1',
    owasp: choicesFrom(payload.owasp),
    cwes: [...new Set(cwes)],
    affected,
    newAffected: Object.fromEntries(
      Object.entries(newAffected).filter(([, value]) => typeof value === 'string'),
    ) as AffectedInput,
  }
}

/** The vectors the draft's calculators describe; a calculator not filled in gives none. */
export function draftVectors(
  draft: Pick<VulnerabilityDraft, 'cvssV2' | 'cvssV3' | 'cvssV3Version' | 'owasp'>,
) {
  return {
    cvssV2: cvssV2Vector(draft.cvssV2),
    cvssV3: cvssV3Vector(draft.cvssV3, draft.cvssV3Version),
    owasp: owaspVector(draft.owasp),
  }
}
