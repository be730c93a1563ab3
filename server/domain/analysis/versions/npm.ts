import { SemVer } from 'semver'
import type { Ordering } from './ordering.ts'

/** npm: node-semver itself, with the loose parsing npm applies to versions in manifests. */
function parse(version: string): SemVer | undefined {
  try {
    return new SemVer(version.trim(), { loose: true })
  } catch {
    return undefined
  }
}

export const npm: Ordering<SemVer> = { parse, compare: (a, b) => a.compare(b) }
