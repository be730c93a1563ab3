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

export function isPermission(value: string): value is Permission {
  return (PERMISSION_NAMES as string[]).includes(value)
}

export const DEFAULT_TEAMS: ReadonlyArray<{ name: string; permissions: readonly Permission[] }> = [
  { name: 'Administrators', permissions: PERMISSION_NAMES },
  { name: 'Portfolio Managers', permissions: ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'] },
  { name: 'Automation', permissions: ['VIEW_PORTFOLIO', 'BOM_UPLOAD'] },
  { name: 'Badge Viewers', permissions: ['VIEW_BADGES'] },
]
