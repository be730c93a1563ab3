import { describe, expect, it } from 'vitest'
import {
  deriveSeverity,
  InvalidOwaspVector,
  scoreCvss,
  scoreOwaspRiskRating,
  severityOfCvssV2,
  severityOfCvssV3,
  severityOfOwasp,
} from './scoring.ts'

// Contract: dt-api-portfolio.md §2.3 (severity derivation), §4.20 (calculator examples);
// dt-behaviour.md §2.6 (the OWASP matrix).

describe('scoreCvss', () => {
  it('scores the contract example, with or without the v3 prefix', () => {
    for (const vector of [
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    ]) {
      expect(scoreCvss(vector), vector).toMatchObject({
        version: 3,
        baseScore: 9.8,
        impactSubScore: 5.9,
        exploitabilitySubScore: 3.9,
      })
    }
  })

  it('normalises vectors as stored: v3 with its prefix, v2 in parentheses', () => {
    expect(scoreCvss('AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')?.vector).toBe(
      'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    )
    expect(scoreCvss('AV:N/AC:L/Au:N/C:P/I:P/A:P')).toEqual({
      vector: '(AV:N/AC:L/Au:N/C:P/I:P/A:P)',
      version: 2,
      baseScore: 7.5,
      impactSubScore: 6.4,
      exploitabilitySubScore: 10,
    })
  })

  it('scores v3.1 where it differs from v3.0 and v4.0 without subscores', () => {
    // The scope-changed roundup differs between 3.0 and 3.1 for this vector.
    expect(scoreCvss('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')?.baseScore).toBe(10)
    expect(
      scoreCvss('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'),
    ).toMatchObject({ version: 4, baseScore: 9.3, impactSubScore: null })
  })

  it('answers undefined for anything that is not a complete vector', () => {
    for (const vector of [
      undefined,
      null,
      '',
      'foobar',
      'AV:N/AC:L',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      '(AV:N/AC:L/Au:N/C:P/I:P)',
      'CVSS:4.0/AV:N',
    ]) {
      expect(scoreCvss(vector), String(vector)).toBeUndefined()
    }
  })
})

describe('scoreOwaspRiskRating', () => {
  it('scores the contract example', () => {
    expect(
      scoreOwaspRiskRating(
        'SL:1/M:1/O:0/S:2/ED:1/EE:1/A:1/ID:1/LC:2/LI:1/LAV:1/LAC:1/FD:1/RD:1/NC:2/PV:3',
      ),
    ).toEqual({
      likelihoodScore: 1,
      technicalImpactScore: 1.25,
      businessImpactScore: 1.75,
      likelihood: 'LOW',
      technicalImpact: 'LOW',
      businessImpact: 'LOW',
    })
  })

  it('bands scores: below 3 LOW, below 6 MEDIUM, else HIGH', () => {
    const score = scoreOwaspRiskRating(
      'SL:3/M:3/O:3/S:3/ED:3/EE:3/A:3/ID:3/LC:6/LI:6/LAV:6/LAC:6/FD:5/RD:6/NC:6/PV:6',
    )
    expect(score).toMatchObject({
      likelihoodScore: 3,
      likelihood: 'MEDIUM',
      technicalImpact: 'HIGH',
      businessImpactScore: 5.75,
      businessImpact: 'MEDIUM',
    })
  })

  it('refuses other vectors with the contract message', () => {
    expect(() => scoreOwaspRiskRating('foobar')).toThrow(InvalidOwaspVector)
    expect(() => scoreOwaspRiskRating('foobar')).toThrow(
      'Provided vector foobar does not match OWASP RR Vector pattern SL:\\d/M:\\d/O:\\d/S:\\d/ED:\\d/EE:\\d/A:\\d/ID:\\d/LC:\\d/LI:\\d/LAV:\\d/LAC:\\d/FD:\\d/RD:\\d/NC:\\d/PV:\\d',
    )
    expect(() =>
      scoreOwaspRiskRating(
        'SL:10/M:1/O:0/S:2/ED:1/EE:1/A:1/ID:1/LC:2/LI:1/LAV:1/LAC:1/FD:1/RD:1/NC:2/PV:3',
      ),
    ).toThrow(InvalidOwaspVector)
  })
})

describe('severity derivation (§2.3)', () => {
  it('maps CVSS v3 and v2 scores', () => {
    expect([9, 8.9, 7, 6.9, 4, 3.9, 0.1, 0].map(severityOfCvssV3)).toEqual([
      'CRITICAL',
      'HIGH',
      'HIGH',
      'MEDIUM',
      'MEDIUM',
      'LOW',
      'LOW',
      'UNASSIGNED',
    ])
    expect([10, 7, 6.9, 4, 3.9, 0].map(severityOfCvssV2)).toEqual([
      'HIGH',
      'HIGH',
      'MEDIUM',
      'MEDIUM',
      'LOW',
      'UNASSIGNED',
    ])
  })

  it('combines OWASP likelihood and the larger impact through the matrix', () => {
    const level = { LOW: 1, MEDIUM: 4, HIGH: 7 } as const
    const matrix = {
      LOW: { LOW: 'INFO', MEDIUM: 'LOW', HIGH: 'MEDIUM' },
      MEDIUM: { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH' },
      HIGH: { LOW: 'MEDIUM', MEDIUM: 'HIGH', HIGH: 'CRITICAL' },
    } as const
    for (const likelihood of ['LOW', 'MEDIUM', 'HIGH'] as const) {
      for (const impact of ['LOW', 'MEDIUM', 'HIGH'] as const) {
        expect(
          severityOfOwasp(level[likelihood], level[impact], 0),
          `${likelihood}/${impact}`,
        ).toBe(matrix[likelihood][impact])
        expect(severityOfOwasp(level[likelihood], 0.5, level[impact])).toBe(
          matrix[likelihood][impact],
        )
      }
    }
    expect(severityOfOwasp(0, 9, 9)).toBe('UNASSIGNED')
    expect(severityOfOwasp(9, 0, 0)).toBe('UNASSIGNED')
  })

  it('prefers an explicit severity, then v3 over v2, and the higher of CVSS and OWASP', () => {
    expect(deriveSeverity({ severity: 'low', cvssV3BaseScore: 9.8 })).toBe('LOW')
    expect(deriveSeverity({ severity: 'UNASSIGNED', cvssV3BaseScore: 9.8 })).toBe('CRITICAL')
    expect(deriveSeverity({ cvssV3BaseScore: 5, cvssV2BaseScore: 9 })).toBe('MEDIUM')
    expect(deriveSeverity({ cvssV2BaseScore: 9 })).toBe('HIGH')
    const owaspHigh = {
      owaspRRLikelihoodScore: 7,
      owaspRRTechnicalImpactScore: 4,
      owaspRRBusinessImpactScore: 1,
    }
    expect(deriveSeverity({ cvssV3BaseScore: 2, ...owaspHigh })).toBe('HIGH')
    expect(deriveSeverity({ cvssV3BaseScore: 9.5, ...owaspHigh })).toBe('CRITICAL')
    expect(deriveSeverity({})).toBe('UNASSIGNED')
  })
})
