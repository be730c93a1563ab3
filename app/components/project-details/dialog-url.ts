/** The tabs of the Project Details dialog, in the 4.13 order. */
export const DETAIL_TABS = [
  'general',
  'identity',
  'manufacturer',
  'supplier',
  'references',
  'bom',
] as const
export type DetailTab = (typeof DETAIL_TABS)[number]

/** Search parameters that open one of the project page's dialogs or its clone status. */
export const DIALOG_KEYS = [
  'details',
  'delete',
  'properties',
  'propertySearch',
  'addVersion',
  'cloning',
  'clone',
] as const

/**
 * The project page's URL with its own state (a tab's paging, search) kept and the dialog
 * parameters replaced by the given ones; `{}` closes every dialog.
 */
export function dialogUrl(
  pathname: string,
  search: string | URLSearchParams,
  open: Partial<Record<(typeof DIALOG_KEYS)[number], string>>,
): string {
  const params = new URLSearchParams(search)
  for (const key of DIALOG_KEYS) params.delete(key)
  for (const [key, value] of Object.entries(open)) {
    if (value !== undefined) params.set(key, value)
  }
  const query = params.toString().replace(/=(?=&|$)/g, '')
  return query ? `${pathname}?${query}` : pathname
}

interface TabSource {
  manufacturer?: unknown
  supplier?: unknown
  metadata?: { supplier?: unknown; authors?: unknown[] }
}

/** The 4.13 tabs: manufacturer, supplier and BOM metadata only when the project has them. */
export function visibleDetailTabs(project: TabSource): DetailTab[] {
  return DETAIL_TABS.filter((tab) => {
    if (tab === 'manufacturer') return Boolean(project.manufacturer)
    if (tab === 'supplier') return Boolean(project.supplier)
    if (tab === 'bom') {
      return Boolean(project.metadata?.supplier) || (project.metadata?.authors?.length ?? 0) > 0
    }
    return true
  })
}
