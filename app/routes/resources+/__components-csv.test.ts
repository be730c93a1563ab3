import { describe, expect, it } from 'vitest'
import { componentsCsv, csvField, csvFileName } from './__components-csv.ts'

describe('componentsCsv', () => {
  it('writes a header and one line per component, CRLF-terminated', () => {
    const csv = componentsCsv([
      {
        name: 'left-pad',
        version: '1.3.0',
        group: 'npm',
        isInternal: false,
        resolvedLicense: { licenseId: 'MIT' },
        lastInheritedRiskScore: 5,
        metrics: { vulnerabilities: 2 },
        purl: 'pkg:npm/left-pad@1.3.0',
      },
      { name: 'core', isInternal: true, licenseExpression: 'Apache-2.0 OR MIT' },
    ])
    expect(csv).toBe(
      'name,version,group,internal,license,lastInheritedRiskScore,vulnerabilities,purl\r\n' +
        'left-pad,1.3.0,npm,false,MIT,5,2,pkg:npm/left-pad@1.3.0\r\n' +
        'core,,,true,Apache-2.0 OR MIT,,,\r\n',
    )
  })

  it('leaves the risk score and vulnerabilities empty until an analysis measured them', () => {
    const measuredColumns = (component: Parameters<typeof componentsCsv>[0][number]) =>
      componentsCsv([component]).split('\r\n')[1]!.split(',').slice(5, 7)
    expect(measuredColumns({ name: 'a', lastInheritedRiskScore: 0 })).toEqual(['', ''])
    expect(measuredColumns({ name: 'a', lastInheritedRiskScore: 0, metrics: {} })).toEqual([
      '0',
      '0',
    ])
    expect(
      measuredColumns({ name: 'a', lastInheritedRiskScore: 12, metrics: { vulnerabilities: 3 } }),
    ).toEqual(['12', '3'])
  })

  it('prefers the resolved SPDX id, then the license name, then the expression', () => {
    const line = (component: Parameters<typeof componentsCsv>[0][number]) =>
      componentsCsv([component]).split('\r\n')[1]!.split(',')[4]
    expect(line({ name: 'a', license: 'Custom', licenseExpression: 'MIT' })).toBe('Custom')
    expect(line({ name: 'a', resolvedLicense: { licenseId: 'BSD-3-Clause' }, license: 'x' })).toBe(
      'BSD-3-Clause',
    )
  })

  it('quotes commas, quotes and line breaks so every row keeps its columns', () => {
    const csv = componentsCsv([{ name: 'a, "b"\nc', version: '1' }])
    expect(csv.split('\r\n')[1]).toBe('"a, ""b""\nc",1,,false,,,,')
  })
})

describe('csvField', () => {
  it('neutralises spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('-1+2')).toBe("'-1+2")
  })

  it('leaves numbers and plain text alone and keeps blanks empty', () => {
    expect(csvField(-1.5)).toBe('-1.5')
    expect(csvField('lodash')).toBe('lodash')
    expect(csvField(undefined)).toBe('')
    expect(csvField(' padded ')).toBe('" padded "')
  })
})

describe('csvFileName', () => {
  it('names the file after the project and strips unsafe characters', () => {
    expect(csvFileName({ name: 'shop', version: '1.0' })).toBe('shop-1.0-components.csv')
    expect(csvFileName({ name: '../etc/"pass wd"' })).toBe('etc_pass_wd_-components.csv')
    expect(csvFileName({ name: '***' })).toBe('project-components.csv')
  })
})
