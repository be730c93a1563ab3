import { describe, expect, it } from 'vitest'
import type { PolicyViolation } from '../../../common/policy-shapes.ts'
import { violationsCsv } from './csv.ts'

const violation: PolicyViolation = {
  uuid: 'v',
  type: 'LICENSE',
  timestamp: Date.parse('2024-05-01T12:00:00Z'),
  project: { uuid: 'p', name: 'shop, online', version: '1.0' },
  component: { uuid: 'c', name: 'left-pad', isInternal: false, license: '=cmd()' },
  policyCondition: {
    uuid: 'pc',
    subject: 'LICENSE',
    operator: 'IS',
    value: 'unresolved',
    policy: {
      uuid: 'po',
      name: 'Licenses',
      operator: 'ANY',
      violationState: 'FAIL',
      includeChildren: false,
      onlyLatestProjectVersion: false,
      global: true,
    },
  },
}

describe('violations as CSV', () => {
  it('quotes separators, neutralises formulas and reads a missing analysis as NOT_SET', () => {
    const [, line] = violationsCsv([violation]).split('\r\n')
    expect(line).toBe(
      `"shop, online",1.0,,left-pad,,,'=cmd(),Licenses,FAIL,LICENSE,LICENSE,IS,unresolved,` +
        '2024-05-01T12:00:00.000Z,NOT_SET,false',
    )
  })

  it('prefers the resolved license id to the BOM text', () => {
    const resolved = {
      ...violation,
      component: {
        ...violation.component,
        resolvedLicense: {
          uuid: 'l',
          name: 'MIT License',
          licenseId: 'MIT',
          isOsiApproved: true,
          isFsfLibre: true,
          isDeprecatedLicenseId: false,
          isCustomLicense: false,
        },
      },
      analysis: { analysisState: 'APPROVED' as const, analysisComments: [], isSuppressed: true },
    }
    expect(violationsCsv([resolved]).split('\r\n')[1]).toContain(',MIT,Licenses,')
    expect(violationsCsv([resolved]).split('\r\n')[1]).toMatch(/,APPROVED,true$/)
  })
})
