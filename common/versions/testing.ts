/* Assertions shared by the scheme tests: strict ascending order, equality, invalid input. */
import { expect } from 'vitest'
import { compareVersions, type VersionScheme } from './index.ts'

export function expectAscending(scheme: VersionScheme, versions: string[]): void {
  for (let i = 0; i < versions.length; i++) {
    for (let j = i + 1; j < versions.length; j++) {
      const [a, b] = [versions[i]!, versions[j]!]
      expect(compareVersions(scheme, a, b), `${a} < ${b}`).toBe(-1)
      expect(compareVersions(scheme, b, a), `${b} > ${a}`).toBe(1)
    }
  }
}

export function expectEqual(scheme: VersionScheme, pairs: [string, string][]): void {
  for (const [a, b] of pairs) {
    expect(compareVersions(scheme, a, b), `${a} = ${b}`).toBe(0)
    expect(compareVersions(scheme, b, a), `${b} = ${a}`).toBe(0)
  }
}

export function expectInvalid(scheme: VersionScheme, versions: string[], valid = '1.0.0'): void {
  for (const version of versions) {
    expect(compareVersions(scheme, version, valid), `${version} is not a version`).toBeUndefined()
    expect(compareVersions(scheme, valid, version), `${version} is not a version`).toBeUndefined()
  }
}
