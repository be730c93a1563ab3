import { describe, expect, it } from 'vitest'
import { allCwes, cweById, knownCwes, parseCweId } from './cwe.ts'

// Contract: dt-api-portfolio.md §3.10, §4.21 (the dictionary from a maintained package).

describe('the CWE dictionary', () => {
  it('holds MITRE’s weaknesses, categories and views in id order', () => {
    const cwes = allCwes()
    expect(cwes.length).toBeGreaterThan(1400)
    const ids = cwes.map((cwe) => cwe.cweId)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
    expect(cweById(79)?.name).toBe(
      "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    )
    // A category and a view, not only weaknesses.
    expect(cweById(16)?.name).toBe('Configuration')
    expect(cweById(1000)?.name).toBe('Research Concepts')
    expect(cweById(999_999)).toBeUndefined()
  })

  it('parses ids in the forms sources write them', () => {
    expect(['CWE-79', 'cwe-79', ' 79 ', 79].map(parseCweId)).toEqual([79, 79, 79, 79])
    expect(['NVD-CWE-noinfo', 'CWE-', '7.9', '', -1, 0, 1.5, null].map(parseCweId)).toEqual(
      Array(8).fill(undefined),
    )
  })

  it('keeps known ids once, in the given order', () => {
    expect(knownCwes([787, 79, 999_999, 787]).map((cwe) => cwe.cweId)).toEqual([787, 79])
    expect(knownCwes(null)).toEqual([])
  })
})
