import { describe, expect, it } from 'vitest'
import type { VexFindingRow } from '../../data/vex.ts'
import {
  cdxAnalysis,
  cvssV2Severity,
  cvssV3Severity,
  ratings,
  vulnerabilityElements,
} from './export-vulnerabilities.ts'

const row = (fields: Partial<VexFindingRow>): VexFindingRow => ({
  component_id: 1,
  component_uuid: 'c-1',
  component_purl: null,
  vulnerability_id: 1,
  vulnerability_uuid: 'v-1',
  vuln_id: 'CVE-2021-44228',
  source: 'NVD',
  description: null,
  recommendation: null,
  created: null,
  published: null,
  updated: null,
  cwes: null,
  cvss_v2_base_score: null,
  cvss_v2_vector: null,
  cvss_v3_base_score: null,
  cvss_v3_vector: null,
  owasp_rr_likelihood_score: null,
  owasp_rr_technical_impact_score: null,
  owasp_rr_business_impact_score: null,
  owasp_rr_vector: null,
  severity: null,
  state: null,
  justification: null,
  response: null,
  details: null,
  suppressed: null,
  ...fields,
})

describe('CycloneDX vulnerability ratings (§7.1)', () => {
  it('bands CVSS v2 and v3 scores into severities', () => {
    expect([7, 6.9, 4, 3.9, 0].map(cvssV2Severity)).toEqual([
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ])
    expect([9, 8.9, 7, 6.9, 4, 0.1].map(cvssV3Severity)).toEqual([
      'critical',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ])
  })

  it('names CVSSv3 for 3.0 vectors and CVSSv31 otherwise, with the source and its url', () => {
    const [v2, v30] = ratings(
      row({
        cvss_v2_base_score: 5,
        cvss_v2_vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
        cvss_v3_base_score: 9.8,
        cvss_v3_vector: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      }),
    )
    expect(v2).toEqual({
      source: { name: 'NVD', url: 'https://nvd.nist.gov/' },
      score: 5,
      severity: 'medium',
      method: 'CVSSv2',
      vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
    })
    expect(v30).toMatchObject({ method: 'CVSSv3', severity: 'critical', score: 9.8 })
    const [v31] = ratings(
      row({
        cvss_v3_base_score: 7.5,
        cvss_v3_vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
      }),
    )
    expect(v31).toMatchObject({ method: 'CVSSv31', severity: 'high' })
  })

  it('rates OWASP from its matrix only when all three scores exist', () => {
    const owasp = ratings(
      row({
        source: 'INTERNAL',
        owasp_rr_likelihood_score: 7,
        owasp_rr_technical_impact_score: 7,
        owasp_rr_business_impact_score: 1,
        owasp_rr_vector:
          'SL:7/M:7/O:7/S:7/ED:7/EE:7/A:7/ID:7/LC:7/LI:7/LAV:7/LAC:7/FD:1/RD:1/NC:1/PV:1',
      }),
    )
    expect(owasp).toEqual([
      {
        source: { name: 'INTERNAL' },
        severity: 'critical',
        method: 'OWASP',
        vector: 'SL:7/M:7/O:7/S:7/ED:7/EE:7/A:7/ID:7/LC:7/LI:7/LAV:7/LAC:7/FD:1/RD:1/NC:1/PV:1',
      },
    ])
    const partial = ratings(
      row({ source: 'INTERNAL', owasp_rr_likelihood_score: 7, severity: 'LOW' }),
    )
    expect(partial).toEqual([{ source: { name: 'INTERNAL' }, severity: 'low', method: 'other' }])
  })

  it('falls back to method other with the stored severity', () => {
    expect(ratings(row({ source: 'GITHUB', severity: 'MEDIUM' }))).toEqual([
      {
        source: { name: 'GITHUB', url: 'https://github.com/advisories' },
        severity: 'medium',
        method: 'other',
      },
    ])
    expect(ratings(row({ source: 'OSV' }))[0]).toMatchObject({ severity: 'unknown' })
  })
})

describe('CycloneDX vulnerability elements', () => {
  it('keeps only dictionary CWEs and writes the trimmed analysis', () => {
    const [element] = vulnerabilityElements(
      [
        row({
          cwes: [79, 999999, 79],
          state: 'NOT_AFFECTED',
          justification: 'CODE_NOT_REACHABLE',
          response: 'WILL_NOT_FIX',
          details: '  unused  ',
          published: new Date('2021-12-10T10:15:09Z'),
        }),
      ],
      (r) => r.component_uuid,
    )
    expect(element).toMatchObject({
      'bom-ref': 'v-1',
      id: 'CVE-2021-44228',
      cwes: [79],
      published: '2021-12-10T10:15:09.000Z',
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        response: ['will_not_fix'],
        detail: 'unused',
      },
      affects: [{ ref: 'c-1' }],
    })
  })

  it('writes no analysis for an undecided finding', () => {
    expect(
      cdxAnalysis({ state: 'NOT_SET', justification: null, response: null, details: ' ' }),
    ).toBe(undefined)
  })

  it('writes elements alike but for their target once, with every target', () => {
    const rows = [
      row({ component_uuid: 'a', state: 'IN_TRIAGE' }),
      row({ component_uuid: 'b', state: 'IN_TRIAGE' }),
      row({ component_uuid: 'c', state: 'EXPLOITABLE' }),
    ]
    const elements = vulnerabilityElements(rows, (r) => r.component_uuid)
    expect(elements.map((e) => [e['bom-ref'], e.affects])).toEqual([
      ['v-1', [{ ref: 'a' }, { ref: 'b' }]],
      ['v-1:2', [{ ref: 'c' }]],
    ])
    expect(vulnerabilityElements(rows, () => 'project').map((e) => e.affects)).toEqual([
      [{ ref: 'project' }],
      [{ ref: 'project' }],
    ])
  })
})
