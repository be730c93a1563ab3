/** The 4.13 project page's tabs, in order; collection projects show only some of them. */
export const PROJECT_TABS = [
  { path: '', labelKey: 'project.tabs.overview', forCollections: true },
  { path: 'components', labelKey: 'project.tabs.components', forCollections: false },
  {
    path: 'collectionprojects',
    labelKey: 'project.tabs.collectionProjects',
    onlyCollections: true,
  },
  { path: 'services', labelKey: 'project.tabs.services', forCollections: false },
  { path: 'dependencyGraph', labelKey: 'project.tabs.dependencyGraph', forCollections: false },
  {
    path: 'findings',
    labelKey: 'project.tabs.findings',
    forCollections: false,
    requires: 'VIEW_VULNERABILITY',
  },
  {
    path: 'epss',
    labelKey: 'project.tabs.epss',
    forCollections: false,
    requires: 'VIEW_VULNERABILITY',
  },
  {
    path: 'policyViolations',
    labelKey: 'project.tabs.policyViolations',
    forCollections: false,
    requires: 'VIEW_POLICY_VIOLATION',
  },
] as const

export function visibleTabs(isCollection: boolean, permissions: readonly string[]) {
  return PROJECT_TABS.filter((tab) => {
    if ('onlyCollections' in tab) return isCollection
    if (isCollection && !tab.forCollections) return false
    return !('requires' in tab) || permissions.includes(tab.requires)
  })
}
