/** The tabs after Overview, each its own address, and the text each one shows (§14). */
export const TEXT_TABS = {
  licenseText: 'licenseText',
  template: 'standardLicenseTemplate',
  header: 'standardLicenseHeader',
} as const
export type TextTab = keyof typeof TEXT_TABS

export function isTextTab(tab: string | undefined): tab is TextTab {
  return tab !== undefined && Object.hasOwn(TEXT_TABS, tab)
}
