import { SemVer } from 'semver'
import type { Ordering } from './ordering.ts'

/**
 * npm: node-semver itself. Strict SemVer after semver.clean's trimming of spaces and leading
 * "=" / "v"; npm's loose reading is accepted only where it cannot misread the numbers
 * ("1.2.3beta" is 1.2.3-beta, but loose would read "4.17.21.1" as 4.17.2-1.1: rejected).
 */
function parse(version: string): SemVer | undefined {
  const cleaned = version.trim().replace(/^[=v]+/, '')
  try {
    return new SemVer(cleaned)
  } catch {
    // not strict SemVer; try npm's loose reading below
  }
  try {
    const loose = new SemVer(cleaned, { loose: true })
    const core = `${loose.major}.${loose.minor}.${loose.patch}`
    const next = cleaned.charAt(core.length)
    return cleaned.startsWith(core) && !/[\d.]/.test(next) ? loose : undefined
  } catch {
    return undefined
  }
}

export const npm: Ordering<SemVer> = { parse, compare: (a, b) => a.compare(b) }
