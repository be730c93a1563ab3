import type { PermissionRequirement } from './permissions.ts'

export interface NavItem {
  to: string
  labelKey: string
  icon:
    | 'dashboard'
    | 'projects'
    | 'components'
    | 'vulnerabilities'
    | 'licenses'
    | 'tags'
    | 'vulnerabilityAudit'
    | 'policyViolationAudit'
    | 'policy'
    | 'admin'
  requires: PermissionRequirement
}

export interface NavGroup {
  titleKey?: string
  requires?: PermissionRequirement
  items: NavItem[]
}

/** The 4.13 sidebar, grouped as there, each entry shown only with the permission its page needs. */
export const SIDEBAR: NavGroup[] = [
  {
    items: [
      {
        to: '/dashboard',
        labelKey: 'nav.dashboard',
        icon: 'dashboard',
        requires: 'VIEW_PORTFOLIO',
      },
    ],
  },
  {
    titleKey: 'nav.portfolio',
    requires: 'VIEW_PORTFOLIO',
    items: [
      { to: '/projects', labelKey: 'nav.projects', icon: 'projects', requires: 'VIEW_PORTFOLIO' },
      {
        to: '/components',
        labelKey: 'nav.components',
        icon: 'components',
        requires: 'VIEW_PORTFOLIO',
      },
      {
        to: '/vulnerabilities',
        labelKey: 'nav.vulnerabilities',
        icon: 'vulnerabilities',
        requires: 'VIEW_PORTFOLIO',
      },
      { to: '/licenses', labelKey: 'nav.licenses', icon: 'licenses', requires: 'VIEW_PORTFOLIO' },
      { to: '/tags', labelKey: 'nav.tags', icon: 'tags', requires: 'VIEW_PORTFOLIO' },
    ],
  },
  {
    titleKey: 'nav.globalAudit',
    requires: { anyOf: ['VIEW_VULNERABILITY', 'VIEW_POLICY_VIOLATION'] },
    items: [
      {
        to: '/vulnerabilityAudit',
        labelKey: 'nav.vulnerabilityAudit',
        icon: 'vulnerabilityAudit',
        requires: 'VIEW_VULNERABILITY',
      },
      {
        to: '/policyViolationAudit',
        labelKey: 'nav.policyViolationAudit',
        icon: 'policyViolationAudit',
        requires: 'VIEW_POLICY_VIOLATION',
      },
    ],
  },
  {
    titleKey: 'nav.administration',
    requires: { anyOf: ['POLICY_MANAGEMENT', 'SYSTEM_CONFIGURATION', 'ACCESS_MANAGEMENT'] },
    items: [
      {
        to: '/policy',
        labelKey: 'nav.policyManagement',
        icon: 'policy',
        requires: 'POLICY_MANAGEMENT',
      },
      {
        to: '/admin',
        labelKey: 'nav.admin',
        icon: 'admin',
        requires: { anyOf: ['SYSTEM_CONFIGURATION', 'ACCESS_MANAGEMENT'] },
      },
    ],
  },
]

export interface AdminPage {
  path: string
  /** A translation key, or a product name shown as it is. */
  labelKey?: string
  name?: string
  hidden?: boolean
}

export interface AdminSection {
  path: string
  labelKey: string
  requires: PermissionRequirement
  pages: AdminPage[]
}

/** Every administration page of the 4.13 console, in its menu order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: 'configuration',
    labelKey: 'admin.sections.configuration',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'general', labelKey: 'admin.pages.general' },
      { path: 'bomFormats', labelKey: 'admin.pages.bomFormats' },
      { path: 'email', labelKey: 'admin.pages.email' },
      { path: 'welcomeMessage', labelKey: 'admin.pages.welcomeMessage' },
      { path: 'internalComponents', labelKey: 'admin.pages.internalComponents' },
      { path: 'taskScheduler', labelKey: 'admin.pages.taskScheduler' },
      { path: 'telemetry', labelKey: 'admin.pages.telemetry' },
      { path: 'search', labelKey: 'admin.pages.search' },
      { path: 'experimental', labelKey: 'admin.pages.experimental', hidden: true },
    ],
  },
  {
    path: 'analyzers',
    labelKey: 'admin.sections.analyzers',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'internal', labelKey: 'admin.pages.internal' },
      { path: 'oss', name: 'Sonatype OSS Index' },
      { path: 'vulnDB', name: 'VulnDB' },
      { path: 'snyk', name: 'Snyk' },
      { path: 'trivy', name: 'Trivy' },
    ],
  },
  {
    path: 'vulnerabilitySources',
    labelKey: 'admin.sections.vulnerabilitySources',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'nvd', labelKey: 'admin.pages.nvd' },
      { path: 'github', labelKey: 'admin.pages.github' },
      { path: 'osv', labelKey: 'admin.pages.osv' },
      // Beyond 4.13: the two feeds Lookout mirrors besides the vulnerability databases.
      { path: 'epss', name: 'EPSS' },
      { path: 'kev', name: 'CISA KEV' },
    ],
  },
  {
    path: 'repositories',
    labelKey: 'admin.sections.repositories',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'cargo', name: 'Cargo' },
      { path: 'composer', name: 'Composer' },
      { path: 'cpan', name: 'CPAN' },
      { path: 'gem', name: 'Gem' },
      { path: 'github', name: 'GitHub' },
      { path: 'goModules', name: 'Go Modules' },
      { path: 'hackage', name: 'Hackage' },
      { path: 'hex', name: 'Hex' },
      { path: 'maven', name: 'Maven' },
      { path: 'nixpkgs', name: 'Nixpkgs' },
      { path: 'npm', name: 'npm' },
      { path: 'nuget', name: 'NuGet' },
      { path: 'python', name: 'Python' },
    ],
  },
  {
    path: 'notifications',
    labelKey: 'admin.sections.notifications',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'alerts', labelKey: 'admin.pages.alerts' },
      { path: 'templates', labelKey: 'admin.pages.templates' },
    ],
  },
  {
    path: 'integrations',
    labelKey: 'admin.sections.integrations',
    requires: 'SYSTEM_CONFIGURATION',
    pages: [
      { path: 'defectDojo', name: 'DefectDojo' },
      { path: 'fortifySSC', name: 'Fortify SSC' },
      { path: 'jira', name: 'Jira' },
      { path: 'kennaSecurity', name: 'Kenna Security' },
    ],
  },
  {
    path: 'accessManagement',
    labelKey: 'admin.sections.accessManagement',
    requires: 'ACCESS_MANAGEMENT',
    pages: [
      { path: 'ldapUsers', labelKey: 'admin.pages.ldapUsers' },
      { path: 'managedUsers', labelKey: 'admin.pages.managedUsers' },
      { path: 'oidcUsers', labelKey: 'admin.pages.oidcUsers' },
      { path: 'oidcGroups', labelKey: 'admin.pages.oidcGroups' },
      { path: 'teams', labelKey: 'admin.pages.teams' },
      { path: 'permissions', labelKey: 'admin.pages.permissions' },
      { path: 'portfolioAccessControl', labelKey: 'admin.pages.portfolioAccessControl' },
    ],
  },
]

export function findAdminPage(sectionPath: string, pagePath?: string) {
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === sectionPath)
  if (!section) return undefined
  const page = pagePath
    ? section.pages.find((candidate) => candidate.path === pagePath)
    : section.pages[0]
  return page ? { section, page } : undefined
}
