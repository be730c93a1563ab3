import { PERMISSION_NAMES, PERMISSIONS, type Permission } from '../../../common/dt-vocabulary.ts'

export { PERMISSION_NAMES, PERMISSIONS, type Permission }

export function isPermission(value: string): value is Permission {
  return (PERMISSION_NAMES as string[]).includes(value)
}

export const DEFAULT_TEAMS: ReadonlyArray<{ name: string; permissions: readonly Permission[] }> = [
  { name: 'Administrators', permissions: PERMISSION_NAMES },
  { name: 'Portfolio Managers', permissions: ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'] },
  { name: 'Automation', permissions: ['VIEW_PORTFOLIO', 'BOM_UPLOAD'] },
  { name: 'Badge Viewers', permissions: ['VIEW_BADGES'] },
]
