import type { VersionDistance } from '../../../../common/policy-conditions.ts'

/**
 * 4.13's VersionDistance (dt-behaviour §3.3): how far a version is behind the latest one, as
 * `epoch:major.minor.patch` where only the most significant differing part is set, the parts
 * before it are 0 and the parts after it are `?` (-1).
 */
export interface Distance {
  epoch: number
  major: number
  minor: number
  patch: number
}

const UNKNOWN = -1
const INT_MAX = 2 ** 31 - 1

// Optional epoch, optional leading v, up to three numeric parts; anything after is ignored.
// Letters glued to a number are captured so that parsing the number fails, as in 4.13.
const VERSION =
  /^(?:(?<epoch>.*):)?v?(?<major>\d+[a-z]*)?(?:\.(?<minor>\d+[a-z]*))?(?:\.(?<patch>\d+[a-z]*))?.*$/i

/** Java's Integer.parseInt of a part: absent → 0, `?` → -1, anything else must be an int. */
function part(text: string | undefined): number {
  if (text === undefined || text === '') return 0
  if (text === '?') return UNKNOWN
  if (!/^[+-]?\d+$/.test(text)) throw new RangeError(`not a number: ${text}`)
  const value = Number(text)
  if (Math.abs(value) > INT_MAX) throw new RangeError(`out of range: ${text}`)
  return value
}

const distance = (epoch: number, major: number, minor: number, patch: number): Distance => ({
  epoch,
  major,
  minor,
  patch,
})

/** The distance from `current` to `latest`, or null when either cannot be read (skipped). */
export function versionDistance(current: string, latest: string): Distance | null {
  const a = VERSION.exec(current)?.groups
  const b = VERSION.exec(latest)?.groups
  if (!a || !b) return null
  try {
    const diff = (name: string) => Math.abs(part(b[name]) - part(a[name]))
    const [epoch, major, minor, patch] = [
      diff('epoch'),
      diff('major'),
      diff('minor'),
      diff('patch'),
    ]
    if (epoch !== 0) return distance(epoch, UNKNOWN, UNKNOWN, UNKNOWN)
    if (major !== 0) return distance(0, major, UNKNOWN, UNKNOWN)
    if (minor !== 0) return distance(0, 0, minor, UNKNOWN)
    return distance(0, 0, 0, patch)
  } catch {
    return null
  }
}

/**
 * A condition's distances: one per part above 0 (epoch defaults to 0, the others to `?`), or
 * `0:0.0.0` when none is; null when a part is not a number.
 */
export function conditionDistances(value: VersionDistance): Distance[] | null {
  try {
    const epoch = part(value.epoch ?? '0')
    const major = part(value.major ?? '?')
    const minor = part(value.minor ?? '?')
    const patch = part(value.patch ?? '?')
    const list: Distance[] = []
    if (epoch > 0) list.push(distance(epoch, UNKNOWN, UNKNOWN, UNKNOWN))
    if (major > 0) list.push(distance(0, major, UNKNOWN, UNKNOWN))
    if (minor > 0) list.push(distance(0, 0, minor, UNKNOWN))
    if (patch > 0) list.push(distance(0, 0, 0, patch))
    return list.length > 0 ? list : [distance(0, 0, 0, 0)]
  } catch {
    return null
  }
}

/** Epoch first, then major, minor, patch; `?` counts as -1. */
export function compareDistances(a: Distance, b: Distance): number {
  return a.epoch - b.epoch || a.major - b.major || a.minor - b.minor || a.patch - b.patch
}
