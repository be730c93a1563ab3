import { compareDigits, type Ordering } from './ordering.ts'
import { compareIdentifiers } from './semver.ts'

/**
 * NuGet's NuGetVersion: SemVer 2 with up to four numeric parts (missing ones are 0, so
 * 1.0 = 1.0.0.0), prerelease labels compared case-insensitively, build metadata ignored.
 */
interface NugetKey {
  parts: [string, string, string, string]
  pre: string[] | null
}

const SHAPE =
  /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?$/i

export const nuget: Ordering<NugetKey> = {
  parse(version) {
    const m = SHAPE.exec(version.trim())
    if (!m) return undefined
    return {
      parts: [m[1]!, m[2] ?? '0', m[3] ?? '0', m[4] ?? '0'],
      pre: m[5] === undefined ? null : m[5].split('.'),
    }
  },
  compare(a, b) {
    for (let i = 0; i < 4; i++) {
      const diff = compareDigits(a.parts[i]!, b.parts[i]!)
      if (diff !== 0) return diff
    }
    if (a.pre === null) return b.pre === null ? 0 : 1
    if (b.pre === null) return -1
    return compareIdentifiers(a.pre, b.pre, true)
  },
}
