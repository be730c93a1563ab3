import { PERMISSION_NAMES, type Permission } from '../../domain/auth/permissions.ts'
import type { Access } from '../../http/access.ts'

type RequiresAnyOf<P extends Permission> = { readonly anyOf: readonly [P] }

/** One access rule per Dependency-Track permission: `requires.VIEW_PORTFOLIO`, … */
export const requires = Object.fromEntries(
  PERMISSION_NAMES.map((permission) => [permission, { anyOf: [permission] }]),
) as unknown as { readonly [P in Permission]: RequiresAnyOf<P> }

export const publicAccess = 'public' satisfies Access
export const anyPrincipal = 'authenticated' satisfies Access

export const bomUpload = requires.BOM_UPLOAD
export const viewPortfolio = requires.VIEW_PORTFOLIO
export const portfolioManagement = requires.PORTFOLIO_MANAGEMENT
export const accessManagement = requires.ACCESS_MANAGEMENT
export const systemConfiguration = requires.SYSTEM_CONFIGURATION
export const policyManagement = requires.POLICY_MANAGEMENT
export const tagManagement = requires.TAG_MANAGEMENT
