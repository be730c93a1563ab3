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
