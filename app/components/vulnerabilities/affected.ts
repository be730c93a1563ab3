/** An affected component as the editor keeps it: the API's AffectedComponent without attributions. */
export interface AffectedEntry {
  identityType: 'PURL' | 'CPE'
  identity: string
  versionType: 'EXACT' | 'RANGE'
  version?: string
  versionStartIncluding?: string
  versionStartExcluding?: string
  versionEndIncluding?: string
  versionEndExcluding?: string
}

/** Which source reported an affected component, and when it first and last did. */
export interface Attribution {
  source?: string
  firstSeen?: number
  lastSeen?: number
}

/** The fields of the Add Affected Component form. */
export interface AffectedInput {
  identityType?: string
  identity?: string
  versionType?: string
  startOperator?: string
  start?: string
  endOperator?: string
  end?: string
}

export const START_OPERATORS = ['>', '>='] as const
export const END_OPERATORS = ['<', '<='] as const

export type AffectedProblem = 'identityRequired' | 'boundRequired'

/** The entry an Add form describes, or why it cannot be added. */
export function affectedFromInput(
  input: AffectedInput,
): { entry: AffectedEntry } | { problem: AffectedProblem } {
  const identity = input.identity?.trim()
  if (!identity) return { problem: 'identityRequired' }
  const identityType = input.identityType === 'CPE' ? 'CPE' : 'PURL'
  if (input.versionType !== 'RANGE')
    return { entry: { identityType, identity, versionType: 'EXACT' } }
  const start = input.start?.trim()
  const end = input.end?.trim()
  if (!start && !end) return { problem: 'boundRequired' }
  const entry: AffectedEntry = { identityType, identity, versionType: 'RANGE' }
  if (start) {
    if (input.startOperator === '>') entry.versionStartExcluding = start
    else entry.versionStartIncluding = start
  }
  if (end) {
    if (input.endOperator === '<=') entry.versionEndIncluding = end
    else entry.versionEndExcluding = end
  }
  return { entry }
}

/** The Add form filled with an entry, for editing it. */
export function inputFromAffected(entry: AffectedEntry): AffectedInput {
  return {
    identityType: entry.identityType,
    identity: entry.identity,
    versionType: entry.versionType,
    startOperator: entry.versionStartExcluding ? '>' : '>=',
    start: entry.versionStartExcluding ?? entry.versionStartIncluding,
    endOperator: entry.versionEndIncluding ? '<=' : '<',
    end: entry.versionEndIncluding ?? entry.versionEndExcluding,
  }
}

/** The range part of the 4.13 label: bounds in parentheses, joined by a pipe. */
export function rangeLabel(entry: AffectedEntry): string | undefined {
  const bounds = [
    entry.versionStartExcluding ? `>${entry.versionStartExcluding}` : undefined,
    entry.versionStartIncluding ? `>=${entry.versionStartIncluding}` : undefined,
    entry.versionEndExcluding ? `<${entry.versionEndExcluding}` : undefined,
    entry.versionEndIncluding ? `<=${entry.versionEndIncluding}` : undefined,
  ].filter(Boolean)
  return bounds.length > 0 ? bounds.join('|') : undefined
}

/** "identity (range)"; an exact package URL without a version gets `@version` appended. */
export function affectedLabel(entry: AffectedEntry): string {
  const range = rangeLabel(entry)
  if (range) return `${entry.identity} (${range})`
  if (entry.identityType === 'PURL' && entry.version && !entry.identity.includes('@')) {
    return `${entry.identity}@${entry.version}`
  }
  return entry.identity
}

/** Two entries describe the same affected software (the API reconciles by content too). */
export function affectedKey(entry: AffectedEntry): string {
  return [
    entry.identityType,
    entry.identity,
    entry.versionStartIncluding ?? '',
    entry.versionStartExcluding ?? '',
    entry.versionEndIncluding ?? '',
    entry.versionEndExcluding ?? '',
  ].join('\u0000')
}
