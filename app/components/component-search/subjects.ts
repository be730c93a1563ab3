/** What the component search can look for, in the 4.13 console's order. */
export const SUBJECTS = ['COORDINATES', 'PACKAGE_URL', 'CPE', 'SWID_TAGID', 'HASH'] as const
export type Subject = (typeof SUBJECTS)[number]

/** Example values shown as placeholders; technical tokens, the same in every language. */
export const EXAMPLES: Record<Exclude<Subject, 'COORDINATES'>, string> = {
  PACKAGE_URL: 'pkg:npm/left-pad@1.3.0',
  CPE: 'cpe:2.3:a:apache:log4j:2.14.1',
  SWID_TAGID: 'swidgen-242eb18a-503e-ca37-393b-cf156ef09691_9.1.1',
  HASH: 'e3b0c44298fc1c149afbf4c8996fb924…',
}
