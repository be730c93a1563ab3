/** The values an audit decision sets; `null` justification/response read as NOT_SET. */
export interface Decision {
  state: string
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean
}

const orNotSet = (value: string | null | undefined) => value ?? 'NOT_SET'

/** `OLD → NEW` (U+2192), the way 4.13 writes a changed value into a trail. */
export const transition = (from: string, to: string) => `${from} \u2192 ${to}`

/** `Suppressed` / `Unsuppressed` when a given flag differs from the stored one. */
export function suppressionComment(before: boolean, after: boolean | null | undefined) {
  if (after === null || after === undefined || after === before) return undefined
  return after ? 'Suppressed' : 'Unsuppressed'
}

/**
 * The audit-trail entries 4.13 writes when a decision changes (§5.1), in its order: state,
 * justification, vendor response, details, then suppression when `withSuppression`.
 */
export function trailComments(
  before: Decision,
  after: Decision,
  { withSuppression = true }: { withSuppression?: boolean } = {},
): string[] {
  const comments: string[] = []
  const changed = (label: string, from: string | null, to: string | null) => {
    if (orNotSet(from) !== orNotSet(to))
      comments.push(`${label}: ${transition(orNotSet(from), orNotSet(to))}`)
  }
  changed('Analysis', before.state, after.state)
  changed('Justification', before.justification, after.justification)
  changed('Vendor Response', before.response, after.response)
  if (after.details !== null && (before.details ?? '') !== after.details)
    comments.push(`Details: ${after.details}`)
  const suppression = suppressionComment(before.suppressed, after.suppressed)
  if (withSuppression && suppression) comments.push(suppression)
  return comments
}
