/** A permission requirement: one name, all of several, or any of several (the 4.13 console's v-permission). */
export type PermissionRequirement =
  string | { allOf: readonly string[] } | { anyOf: readonly string[] }

export function meetsRequirement(
  granted: ReadonlySet<string> | readonly string[],
  requirement: PermissionRequirement | undefined,
): boolean {
  if (requirement === undefined) return true
  const has = (name: string) =>
    Array.isArray(granted) ? granted.includes(name) : (granted as ReadonlySet<string>).has(name)
  if (typeof requirement === 'string') return has(requirement)
  if ('allOf' in requirement) return requirement.allOf.every(has)
  return requirement.anyOf.some(has)
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

export interface TokenHints {
  username: string | undefined
  idp: string
  permissions: string[]
  expiresAt: number | undefined
}

/** Reads the JWT's claims without verifying them: they only decide what the UI shows. */
export function readTokenHints(token: string): TokenHints | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>
    const permissions = typeof claims.permissions === 'string' ? claims.permissions : ''
    return {
      username: typeof claims.sub === 'string' ? claims.sub : undefined,
      idp: typeof claims.idp === 'string' ? claims.idp : 'LOCAL',
      permissions: permissions.split(',').filter(Boolean),
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
    }
  } catch {
    return undefined
  }
}
