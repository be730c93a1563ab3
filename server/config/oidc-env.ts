import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value))

/**
 * OpenID Connect beyond OIDC_ENABLED, OIDC_ISSUER and OIDC_CLIENT_ID: Dependency-Track's
 * `alpine.oidc.*` settings with 4.13's shipped defaults, then the console's side of the sign-in
 * (the keys of Dependency-Track's frontend config.json).
 */
export const OidcEnvSchema = {
  OIDC_USERNAME_CLAIM: z.string().min(1).default('name'),
  OIDC_USER_PROVISIONING: flag.default(false),
  OIDC_TEAM_SYNCHRONIZATION: flag.default(false),
  OIDC_TEAMS_CLAIM: z.string().min(1).default('groups'),
  /** Team names a provisioned user joins when teams do not follow groups (comma-separated). */
  OIDC_TEAMS_DEFAULT: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  /** Without one the console signs in as a public client (PKCE only). */
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPE: z.string().min(1).default('openid email profile'),
  OIDC_LOGIN_BUTTON_TEXT: z.string().optional(),
}

/**
 * A Dependency-Track installation sets ALPINE_OIDC_ENABLED, ALPINE_OIDC_ISSUER, …; each counts as
 * the OIDC_* variable of the same name unless that one is set as well.
 */
export function withAlpineOidcNames(source: Record<string, string | undefined>) {
  const result = { ...source }
  for (const [name, value] of Object.entries(source)) {
    if (name.startsWith('ALPINE_OIDC_')) result[name.slice('ALPINE_'.length)] ??= value
  }
  return result
}
