/**
 * Dependency-Track 4.13's vocabulary, defined once for the server and the console.
 * Pure TypeScript: no node, react or server imports (eslint.config.js enforces it).
 */

/** Component and project classifiers in CycloneDX's declaration order (the API's tokens). */
export const CLASSIFIERS = [
  'NONE',
  'APPLICATION',
  'FRAMEWORK',
  'LIBRARY',
  'CONTAINER',
  'OPERATING_SYSTEM',
  'DEVICE',
  'FIRMWARE',
  'FILE',
  'PLATFORM',
  'DEVICE_DRIVER',
  'MACHINE_LEARNING_MODEL',
  'DATA',
] as const
export type Classifier = (typeof CLASSIFIERS)[number]

export const COLLECTION_LOGICS = [
  'NONE',
  'AGGREGATE_DIRECT_CHILDREN',
  'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
  'AGGREGATE_LATEST_VERSION_CHILDREN',
] as const
export type CollectionLogic = (typeof COLLECTION_LOGICS)[number]

/** Types of config, project and component properties. */
export const PROPERTY_TYPES = [
  'BOOLEAN',
  'INTEGER',
  'NUMBER',
  'STRING',
  'ENCRYPTEDSTRING',
  'TIMESTAMP',
  'URL',
  'UUID',
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

/** CycloneDX external reference types (1.6), as serialised. */
export const EXTERNAL_REFERENCE_TYPES = [
  'vcs',
  'issue-tracker',
  'website',
  'advisories',
  'bom',
  'mailing-list',
  'social',
  'chat',
  'documentation',
  'support',
  'source-distribution',
  'distribution',
  'distribution-intake',
  'license',
  'build-meta',
  'build-system',
  'release-notes',
  'security-contact',
  'model_card',
  'attestation',
  'threat-model',
  'adversary-model',
  'risk-assessment',
  'vulnerability-assertion',
  'exploitability-statement',
  'pentest-report',
  'static-analysis-report',
  'dynamic-analysis-report',
  'runtime-analysis-report',
  'component-analysis-report',
  'maturity-report',
  'certification-report',
  'codified-infrastructure',
  'quality-metrics',
  'log',
  'configuration',
  'evidence',
  'formulation',
  'rfc-9116',
  'electronic-signature',
  'digital-signature',
  'other',
] as const
export type ExternalReferenceType = (typeof EXTERNAL_REFERENCE_TYPES)[number]

/** Dependency-Track's permissions in declaration order, with the exact seed descriptions. */
export const PERMISSIONS = [
  ['BOM_UPLOAD', 'Allows the ability to upload CycloneDX Software Bill of Materials (SBOM)'],
  [
    'VIEW_PORTFOLIO',
    'Provides the ability to view the portfolio of projects, components, and licenses',
  ],
  [
    'PORTFOLIO_MANAGEMENT',
    'Allows the creation, modification, and deletion of data in the portfolio',
  ],
  [
    'VIEW_VULNERABILITY',
    'Provides the ability to view the vulnerabilities projects are affected by',
  ],
  ['VULNERABILITY_ANALYSIS', 'Provides the ability to make analysis decisions on vulnerabilities'],
  ['VIEW_POLICY_VIOLATION', 'Provides the ability to view policy violations'],
  ['VULNERABILITY_MANAGEMENT', 'Allows management of internally-defined vulnerabilities'],
  [
    'POLICY_VIOLATION_ANALYSIS',
    'Provides the ability to make analysis decisions on policy violations',
  ],
  ['ACCESS_MANAGEMENT', 'Allows the management of users, teams, and API keys'],
  [
    'SYSTEM_CONFIGURATION',
    'Allows the configuration of the system including notifications, repositories, and email settings',
  ],
  [
    'PROJECT_CREATION_UPLOAD',
    'Provides the ability to optionally create project (if non-existent) on BOM or scan upload',
  ],
  ['POLICY_MANAGEMENT', 'Allows the creation, modification, and deletion of policy'],
  ['TAG_MANAGEMENT', 'Allows the modification and deletion of tags'],
  ['VIEW_BADGES', 'Provides the ability to view badges'],
] as const
export type Permission = (typeof PERMISSIONS)[number][0]
export const PERMISSION_NAMES = PERMISSIONS.map(([name]) => name) as Permission[]

/** Vulnerability.Source names, in 4.13's declared order. */
export const VULNERABILITY_SOURCES = [
  'NVD',
  'NPM',
  'GITHUB',
  'VULNDB',
  'OSSINDEX',
  'RETIREJS',
  'INTERNAL',
  'OSV',
  'SNYK',
  'TRIVY',
  'UNKNOWN',
] as const
export type VulnerabilitySource = (typeof VULNERABILITY_SOURCES)[number]

/** Severity names from most to least severe; the index is 4.13's ordinal (Finding.severityRank). */
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', 'UNASSIGNED'] as const
export type Severity = (typeof SEVERITIES)[number]

/** The alias columns (VulnerabilityAlias JSON fields) and the source each one names. */
export const ALIAS_FIELDS = [
  ['cveId', 'NVD'],
  ['ghsaId', 'GITHUB'],
  ['sonatypeId', 'OSSINDEX'],
  ['osvId', 'OSV'],
  ['snykId', 'SNYK'],
  ['gsdId', 'GSD'],
  ['vulnDbId', 'VULNDB'],
  ['internalId', 'INTERNAL'],
] as const
export type AliasField = (typeof ALIAS_FIELDS)[number][0]

export const ANALYZER_IDENTITIES = [
  'INTERNAL_ANALYZER',
  'OSSINDEX_ANALYZER',
  'NPM_AUDIT_ANALYZER',
  'VULNDB_ANALYZER',
  'SNYK_ANALYZER',
  'TRIVY_ANALYZER',
  'NONE',
] as const
export type AnalyzerIdentity = (typeof ANALYZER_IDENTITIES)[number]

/** When an analysis ran (4.13's `VulnerabilityAnalysisLevel`). */
export const ANALYSIS_LEVELS = ['BOM_UPLOAD_ANALYSIS', 'ON_DEMAND', 'PERIODIC_ANALYSIS'] as const
export type AnalysisLevel = (typeof ANALYSIS_LEVELS)[number]

/** Audit decision values (§2.6), in the order the 4.13 console offers them. */
export const ANALYSIS_STATES = [
  'NOT_SET',
  'EXPLOITABLE',
  'IN_TRIAGE',
  'RESOLVED',
  'FALSE_POSITIVE',
  'NOT_AFFECTED',
] as const
export type AnalysisState = (typeof ANALYSIS_STATES)[number]

export const ANALYSIS_JUSTIFICATIONS = [
  'NOT_SET',
  'CODE_NOT_PRESENT',
  'CODE_NOT_REACHABLE',
  'REQUIRES_CONFIGURATION',
  'REQUIRES_DEPENDENCY',
  'REQUIRES_ENVIRONMENT',
  'PROTECTED_BY_COMPILER',
  'PROTECTED_AT_RUNTIME',
  'PROTECTED_AT_PERIMETER',
  'PROTECTED_BY_MITIGATING_CONTROL',
] as const
export type AnalysisJustification = (typeof ANALYSIS_JUSTIFICATIONS)[number]

export const ANALYSIS_RESPONSES = [
  'NOT_SET',
  'CAN_NOT_FIX',
  'WILL_NOT_FIX',
  'UPDATE',
  'ROLLBACK',
  'WORKAROUND_AVAILABLE',
] as const
export type AnalysisResponse = (typeof ANALYSIS_RESPONSES)[number]

/** Audit states that hide a finding when a VEX sets them (§7.2). */
export const SUPPRESSING_STATES: readonly AnalysisState[] = [
  'FALSE_POSITIVE',
  'NOT_AFFECTED',
  'RESOLVED',
]

/** `textSearchField` values of the portfolio audit view (§2.17), upper-case. */
export const FINDING_TEXT_SEARCH_FIELDS = [
  'VULNERABILITY_ID',
  'VULNERABILITY_TITLE',
  'COMPONENT_NAME',
  'COMPONENT_VERSION',
  'PROJECT_NAME',
] as const
export type FindingTextSearchField = (typeof FINDING_TEXT_SEARCH_FIELDS)[number]

/** How a policy combines its conditions (§2.7; default ANY). */
export const POLICY_OPERATORS = ['ANY', 'ALL'] as const
export type PolicyOperator = (typeof POLICY_OPERATORS)[number]

/** A policy's violation state, mildest first (§2.7; default INFO). */
export const POLICY_VIOLATION_STATES = ['INFO', 'WARN', 'FAIL'] as const
export type PolicyViolationState = (typeof POLICY_VIOLATION_STATES)[number]

/** What a policy condition looks at (§2.7), in the order the 4.13 console lists them. */
export const CONDITION_SUBJECTS = [
  'AGE',
  'COORDINATES',
  'CPE',
  'LICENSE',
  'LICENSE_GROUP',
  'PACKAGE_URL',
  'SEVERITY',
  'SWID_TAGID',
  'VERSION',
  'COMPONENT_HASH',
  'CWE',
  'VULNERABILITY_ID',
  'VERSION_DISTANCE',
  'EPSS',
] as const
export type ConditionSubject = (typeof CONDITION_SUBJECTS)[number]

export const CONDITION_OPERATORS = [
  'IS',
  'IS_NOT',
  'MATCHES',
  'NO_MATCH',
  'NUMERIC_GREATER_THAN',
  'NUMERIC_LESS_THAN',
  'NUMERIC_EQUAL',
  'NUMERIC_NOT_EQUAL',
  'NUMERIC_GREATER_THAN_OR_EQUAL',
  'NUMERIC_LESSER_THAN_OR_EQUAL',
  'CONTAINS_ALL',
  'CONTAINS_ANY',
] as const
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]

const NUMERIC_OPERATORS = [
  'NUMERIC_GREATER_THAN',
  'NUMERIC_LESS_THAN',
  'NUMERIC_EQUAL',
  'NUMERIC_NOT_EQUAL',
  'NUMERIC_GREATER_THAN_OR_EQUAL',
  'NUMERIC_LESSER_THAN_OR_EQUAL',
] as const satisfies readonly ConditionOperator[]
const IS_OPERATORS = ['IS', 'IS_NOT'] as const satisfies readonly ConditionOperator[]
const MATCH_OPERATORS = ['MATCHES', 'NO_MATCH'] as const satisfies readonly ConditionOperator[]

/**
 * The operators the 4.13 console offers per subject (§2.7). The API accepts any pair; pairs not
 * listed never produce violations. COMPONENT_HASH is always saved with IS (its algorithm goes
 * into the value).
 */
export const SUBJECT_OPERATORS: Record<ConditionSubject, readonly ConditionOperator[]> = {
  AGE: NUMERIC_OPERATORS,
  COORDINATES: MATCH_OPERATORS,
  CPE: MATCH_OPERATORS,
  LICENSE: IS_OPERATORS,
  LICENSE_GROUP: IS_OPERATORS,
  PACKAGE_URL: MATCH_OPERATORS,
  SEVERITY: IS_OPERATORS,
  SWID_TAGID: MATCH_OPERATORS,
  VERSION: NUMERIC_OPERATORS,
  COMPONENT_HASH: IS_OPERATORS,
  CWE: ['CONTAINS_ANY', 'CONTAINS_ALL'],
  VULNERABILITY_ID: IS_OPERATORS,
  VERSION_DISTANCE: NUMERIC_OPERATORS,
  EPSS: NUMERIC_OPERATORS,
}

export const VIOLATION_TYPES = ['LICENSE', 'SECURITY', 'OPERATIONAL'] as const
export type ViolationType = (typeof VIOLATION_TYPES)[number]

/** The violation type a condition subject produces (§2.7). */
export function violationTypeOf(subject: ConditionSubject): ViolationType {
  if (subject === 'LICENSE' || subject === 'LICENSE_GROUP') return 'LICENSE'
  if (['CWE', 'SEVERITY', 'VULNERABILITY_ID', 'EPSS'].includes(subject)) return 'SECURITY'
  return 'OPERATIONAL'
}

/** Violation audit decisions, in the order the 4.13 console offers them. */
export const VIOLATION_ANALYSIS_STATES = ['NOT_SET', 'APPROVED', 'REJECTED'] as const
export type ViolationAnalysisState = (typeof VIOLATION_ANALYSIS_STATES)[number]

/** Hash algorithms of the COMPONENT_HASH condition, as the 4.13 console names them. */
export const CONDITION_HASH_ALGORITHMS = [
  'MD5',
  'SHA-1',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA3-256',
  'SHA3-384',
  'SHA3-512',
  'BLAKE2b-256',
  'BLAKE2b-384',
  'BLAKE2b-512',
  'BLAKE3',
] as const

/** `textSearchField` values of the portfolio violation view (§2.17). */
export const VIOLATION_TEXT_SEARCH_FIELDS = [
  'policy_name',
  'component',
  'license',
  'project_name',
] as const
export type ViolationTextSearchField = (typeof VIOLATION_TEXT_SEARCH_FIELDS)[number]
