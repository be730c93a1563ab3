import { describe, expect, it } from 'vitest'
import { draftFromPayload, draftFromVulnerability, draftVectors } from './draft.ts'

describe('draftFromPayload', () => {
  it("reads Conform's structured payload: calculators, CWE list, affected rows and the Add form", () => {
    const draft = draftFromPayload({
      vulnId: ' INT-1 ',
      title: 'Title',
      severity: 'HIGH',
      cvssV3: { AV: 'N', AC: '' },
      cvssV3Version: '3.0',
      owasp: { SL: '5' },
      cwes: ['79', '79', 'x', '-3', '89'],
      affected: [
        {
          identityType: 'PURL',
          identity: 'pkg:npm/a',
          versionType: 'RANGE',
          versionEndExcluding: '2',
        },
        { identityType: 'PURL', identity: '' },
      ],
      newAffected: { identity: 'pkg:npm/b', start: '1' },
    })
    expect(draft).toMatchObject({
      vulnId: 'INT-1',
      title: 'Title',
      severity: 'HIGH',
      cvssV3: { AV: 'N' },
      cvssV3Version: '3.0',
      owasp: { SL: '5' },
      cwes: [79, 89],
      affected: [
        {
          identityType: 'PURL',
          identity: 'pkg:npm/a',
          versionType: 'RANGE',
          versionEndExcluding: '2',
        },
      ],
      newAffected: { identity: 'pkg:npm/b', start: '1' },
      description: '',
    })
  })

  it('takes a single CWE field as a list of one', () => {
    expect(draftFromPayload({ cwes: '352' }).cwes).toEqual([352])
  })
})

describe('draftFromVulnerability', () => {
  it('fills the editor from the stored fields, dates as days and vectors as choices', () => {
    const draft = draftFromVulnerability({
      vulnId: 'INT-2',
      published: '2025-03-01T00:00:00Z',
      cvssV2Vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
      cvssV3Vector: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cwes: [{ cweId: 384 }],
      affectedComponents: [{ identityType: 'CPE', identity: 'cpe:2.3:a:x:y:1:*:*:*:*:*:*:*' }],
    })
    expect(draft.published).toBe('2025-03-01')
    expect(draft.cwes).toEqual([384])
    expect(draft.affected).toEqual([
      { identityType: 'CPE', identity: 'cpe:2.3:a:x:y:1:*:*:*:*:*:*:*', versionType: 'EXACT' },
    ])
    expect(draftVectors(draft)).toEqual({
      cvssV2: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
      cvssV3: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      owasp: undefined,
    })
  })
})
