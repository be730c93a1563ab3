/**
 * The calculators of the vulnerability editor: which metrics each one asks, the values they
 * take (with the translation key of their label), and how a choice of values becomes the vector
 * the API stores and scores, and back.
 */

export interface MetricOption {
  value: string
  labelKey: string
}

export interface Metric {
  /** The metric's abbreviation in the vector (AV, AC, …). */
  id: string
  labelKey: string
  options: readonly MetricOption[]
}

const option = (value: string, label: string): MetricOption => ({
  value,
  labelKey: `vulnerabilities.cvss.values.${label}`,
})
const metric = (id: string, label: string, options: MetricOption[]): Metric => ({
  id,
  labelKey: `vulnerabilities.cvss.metrics.${label}`,
  options,
})

const v2Impact = [option('N', 'none'), option('P', 'partial'), option('C', 'complete')]
const v3Impact = [option('N', 'none'), option('L', 'low'), option('H', 'high')]

/** CVSS v2 base metrics in vector order. */
export const CVSS_V2_METRICS: readonly Metric[] = [
  metric('AV', 'attackVector', [
    option('L', 'local'),
    option('A', 'adjacent'),
    option('N', 'network'),
  ]),
  metric('AC', 'accessComplexity', [
    option('H', 'high'),
    option('M', 'medium'),
    option('L', 'low'),
  ]),
  metric('Au', 'authentication', [
    option('M', 'multiple'),
    option('S', 'single'),
    option('N', 'none'),
  ]),
  metric('C', 'confidentiality', v2Impact),
  metric('I', 'integrity', v2Impact),
  metric('A', 'availability', v2Impact),
]

/** CVSS v3 base metrics in vector order. */
export const CVSS_V3_METRICS: readonly Metric[] = [
  metric('AV', 'attackVector', [
    option('P', 'physical'),
    option('L', 'local'),
    option('A', 'adjacent'),
    option('N', 'network'),
  ]),
  metric('AC', 'attackComplexity', [option('L', 'low'), option('H', 'high')]),
  metric('PR', 'privilegesRequired', [
    option('N', 'none'),
    option('L', 'low'),
    option('H', 'high'),
  ]),
  metric('UI', 'userInteraction', [option('N', 'none'), option('R', 'required')]),
  metric('S', 'scope', [option('U', 'unchanged'), option('C', 'changed')]),
  metric('C', 'confidentiality', v3Impact),
  metric('I', 'integrity', v3Impact),
  metric('A', 'availability', v3Impact),
]

const factor = (id: string, name: string, values: number[]): Metric => ({
  id,
  labelKey: `vulnerabilities.owasp.factors.${name}.label`,
  options: values.map((value) => ({
    value: String(value),
    labelKey: `vulnerabilities.owasp.factors.${name}.${value}`,
  })),
})

export interface OwaspGroup {
  id: 'threatAgent' | 'vulnerability' | 'technicalImpact' | 'businessImpact'
  factors: readonly Metric[]
}

/** The OWASP Risk Rating factors, grouped as the methodology does, in vector order. */
export const OWASP_GROUPS: readonly OwaspGroup[] = [
  {
    id: 'threatAgent',
    factors: [
      factor('SL', 'skillLevel', [1, 3, 5, 6, 9]),
      factor('M', 'motive', [1, 4, 9]),
      factor('O', 'opportunity', [0, 4, 7, 9]),
      factor('S', 'size', [2, 4, 5, 6, 9]),
    ],
  },
  {
    id: 'vulnerability',
    factors: [
      factor('ED', 'easeOfDiscovery', [1, 3, 7, 9]),
      factor('EE', 'easeOfExploit', [1, 3, 5, 9]),
      factor('A', 'awareness', [1, 4, 6, 9]),
      factor('ID', 'intrusionDetection', [1, 3, 8, 9]),
    ],
  },
  {
    id: 'technicalImpact',
    factors: [
      factor('LC', 'lossOfConfidentiality', [2, 6, 7, 9]),
      factor('LI', 'lossOfIntegrity', [1, 3, 5, 7, 9]),
      factor('LAV', 'lossOfAvailability', [1, 5, 7, 9]),
      factor('LAC', 'lossOfAccountability', [1, 7, 9]),
    ],
  },
  {
    id: 'businessImpact',
    factors: [
      factor('FD', 'financialDamage', [1, 3, 7, 9]),
      factor('RD', 'reputationDamage', [1, 4, 5, 9]),
      factor('NC', 'nonCompliance', [2, 5, 7]),
      factor('PV', 'privacyViolation', [3, 5, 7, 9]),
    ],
  },
]

export const OWASP_FACTORS: readonly Metric[] = OWASP_GROUPS.flatMap((group) => group.factors)

export type Choices = Record<string, string | undefined>

/** The chosen values as `ID:value/…`, or undefined until every metric has a valid value. */
function join(metrics: readonly Metric[], choices: Choices): string | undefined {
  const parts: string[] = []
  for (const { id, options } of metrics) {
    const value = choices[id]
    if (!value || !options.some((candidate) => candidate.value === value)) return undefined
    parts.push(`${id}:${value}`)
  }
  return parts.join('/')
}

/** `ID:value` pairs of a vector, with any prefix (`CVSS:3.1`) and parentheses ignored. */
function split(vector: string | undefined): Choices {
  const choices: Choices = {}
  if (!vector) return choices
  for (const part of vector
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .split('/')) {
    const [id, value] = part.split(':')
    if (id && value && id !== 'CVSS') choices[id] = value
  }
  return choices
}

/** Only the given metrics' values, and only values they offer. */
function known(metrics: readonly Metric[], choices: Choices): Choices {
  return Object.fromEntries(
    metrics
      .filter(({ id, options }) => options.some((candidate) => candidate.value === choices[id]))
      .map(({ id }) => [id, choices[id]]),
  )
}

/** A CVSS v2 vector as Dependency-Track stores it: `(AV:N/AC:L/Au:N/C:P/I:P/A:P)`. */
export function cvssV2Vector(choices: Choices): string | undefined {
  const body = join(CVSS_V2_METRICS, choices)
  return body ? `(${body})` : undefined
}

export const CVSS_V3_VERSIONS = ['3.0', '3.1'] as const
export type CvssV3Version = (typeof CVSS_V3_VERSIONS)[number]

/** A CVSS v3 vector with its version prefix (3.1 unless the stored vector said 3.0). */
export function cvssV3Vector(choices: Choices, version: CvssV3Version = '3.1'): string | undefined {
  const body = join(CVSS_V3_METRICS, choices)
  return body ? `CVSS:${version}/${body}` : undefined
}

export function owaspVector(choices: Choices): string | undefined {
  return join(OWASP_FACTORS, choices)
}

export const parseCvssV2 = (vector: string | undefined) => known(CVSS_V2_METRICS, split(vector))
export const parseCvssV3 = (vector: string | undefined) => known(CVSS_V3_METRICS, split(vector))
export const parseOwasp = (vector: string | undefined) => known(OWASP_FACTORS, split(vector))

export function cvssV3VersionOf(vector: string | undefined): CvssV3Version {
  return vector?.startsWith('CVSS:3.0/') ? '3.0' : '3.1'
}
