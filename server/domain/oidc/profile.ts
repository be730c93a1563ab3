/** What a sign-in needs from the provider's claims (Alpine's OidcProfile). */
export interface OidcProfile {
  subject?: string
  username?: string
  email?: string
  groups?: string[]
}

export interface ProfileClaims {
  usernameClaim: string
  teamsClaim: string
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/** A list of names; one name alone (some providers send a string for a single group) counts too. */
function names(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value]
  if (!Array.isArray(value)) return undefined
  return value.filter((item): item is string => typeof item === 'string')
}

export function profileFrom(claims: Record<string, unknown>, config: ProfileClaims): OidcProfile {
  return {
    subject: text(claims.sub),
    username: text(claims[config.usernameClaim]),
    email: text(claims.email),
    groups: names(claims[config.teamsClaim]),
  }
}

/** Complete: a subject and a username, and the groups when teams follow them. */
export function isComplete(profile: OidcProfile, teamSync: boolean) {
  return Boolean(profile.subject && profile.username && (!teamSync || profile.groups))
}

/** The ID token's claims first, the UserInfo answer for what it lacks. */
export function mergeProfiles(first: OidcProfile, second: OidcProfile): OidcProfile {
  return {
    subject: first.subject ?? second.subject,
    username: first.username ?? second.username,
    email: first.email ?? second.email,
    groups: first.groups ?? second.groups,
  }
}
