import { compareSemver, parseSemver, type SemverKey } from './semver.ts'
import type { Ordering } from './ordering.ts'

/**
 * Go modules: semantic versions with a "v" (OSV ranges drop it, so it is optional here).
 * "+incompatible" is build metadata and does not change precedence. Pseudo-versions
 * (v0.0.0-20191109021931-daa7c04131f5, vX.Y.(Z+1)-0.yyyymmddhhmmss-hash) are prereleases whose
 * fixed-width timestamps order them correctly under plain SemVer identifier rules.
 */
export const golang: Ordering<SemverKey> = { parse: parseSemver, compare: compareSemver }
