/** The values an audit decision sets; `null` justification/response read as NOT_SET. */
export interface Decision {
  state: string
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean
}

const ARROW = '\u2192'
const orNotSet = (value: string | null | undefined) => value ?? 'NOT_SET'

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
  if (orNotSet(before.state) !== orNotSet(after.state))
    comments.push(`Analysis: ${orNotSet(before.state)} ${ARROW} ${orNotSet(after.state)}`)
  if (orNotSet(before.justification) !== orNotSet(after.justification))
    comments.push(
      `Justification: ${orNotSet(before.justification)} ${ARROW} ${orNotSet(after.justification)}`,
    )
  if (orNotSet(before.response) !== orNotSet(after.response))
    comments.push(
      `Vendor Response: ${orNotSet(before.response)} ${ARROW} ${orNotSet(after.response)}`,
    )
  if (after.details !== null && (before.details ?? '') !== after.details)
    comments.push(`Details: ${after.details}`)
  if (withSuppression && before.suppressed !== after.suppressed)
    comments.push(after.suppressed ? 'Suppressed' : 'Unsuppressed')
  return comments
}
