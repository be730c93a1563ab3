import { describe, expect, it } from 'vitest'
import { auditQuery, canonicalSearch, isFiltered, parseAuditParams } from './audit-params.ts'

const parse = (view: 'occurrences' | 'grouped', query: string) =>
  parseAuditParams(view, new URLSearchParams(query))

describe('audit view address', () => {
  it('reads repeated and comma-joined choices, whatever their case, and drops unknown ones', () => {
    const params = parse(
      'occurrences',
      'severity=critical&severity=HIGH,bogus&analysisStatus=in_triage,NOT_SET&vendorResponse=UPDATE',
    )
    expect(params.severity).toEqual(['critical', 'high'])
    expect(params.analysisStatus).toEqual(['NOT_SET', 'IN_TRIAGE'])
    expect(params.vendorResponse).toEqual(['UPDATE'])
    expect(isFiltered(params)).toBe(true)
  })

  it('searches every field until some are ticked, and sends them lower-case with the text', () => {
    expect(parse('occurrences', '').textSearchField).toHaveLength(5)
    const params = parse('occurrences', 'textSearchInput=+log4j+&textSearchField=component_name')
    expect(auditQuery(params)).toMatchObject({
      textSearchInput: 'log4j',
      textSearchField: 'component_name',
    })
    expect(auditQuery(parse('occurrences', 'textSearchField=project_name')).textSearchField).toBe(
      undefined,
    )
  })

  it('applies valid ranges and reports bad or reversed ones without applying them', () => {
    const params = parse(
      'occurrences',
      'publishDateFrom=2024-01-01&publishDateTo=2024-12-31&attributedOnDateFrom=2024-13-45' +
        '&cvssv2From=7&cvssv2To=5&cvssv3From=11',
    )
    expect(params.ranges).toEqual({ publishDateFrom: '2024-01-01', publishDateTo: '2024-12-31' })
    expect(params.errors).toEqual({
      attributedOn: 'vulnerabilityAudit.errors.date',
      cvssv2: 'vulnerabilityAudit.errors.order',
      cvssv3: 'vulnerabilityAudit.errors.score',
    })
    expect(params.typed.cvssv2From).toBe('7')
    const query = auditQuery(params)
    expect(query).not.toHaveProperty('cvssv2From')
    expect(query).not.toHaveProperty('attributedOnDateFrom')
  })

  it('keeps the filters of the other view out: grouped has occurrences, not analysis filters', () => {
    const params = parse(
      'grouped',
      'showSuppressed=1&analysisStatus=EXPLOITABLE&occurrencesFrom=2&occurrencesTo=1.5&attributedOnDateFrom=2024-01-01',
    )
    expect(params.showSuppressed).toBe(false)
    expect(params.analysisStatus).toEqual([])
    expect(params.errors).toEqual({ occurrences: 'vulnerabilityAudit.errors.count' })
    expect(auditQuery(params)).not.toHaveProperty('attributedOnDateFrom')
    expect(auditQuery(parse('grouped', 'occurrencesFrom=2'))).toMatchObject({
      occurrencesFrom: '2',
    })
  })

  it('sorts by the view default, descending, unless a known column is asked for', () => {
    expect(auditQuery(parse('occurrences', ''))).toMatchObject({
      sortName: 'attribution.attributedOn',
      sortOrder: 'desc',
      pageNumber: 1,
      pageSize: 10,
    })
    expect(auditQuery(parse('grouped', 'sortName=component.name&sortOrder=asc'))).toMatchObject({
      sortName: 'vulnerability.affectedProjectCount',
      sortOrder: 'desc',
    })
    const sorted = auditQuery(
      parse('grouped', 'sortName=vulnerability.vulnId&sortOrder=asc&page=3'),
    )
    expect(sorted).toMatchObject({
      sortName: 'vulnerability.vulnId',
      sortOrder: 'asc',
      pageNumber: 3,
    })
    expect(auditQuery(parse('grouped', 'page=3'), false)).not.toHaveProperty('pageNumber')
  })
})

describe('canonical audit address', () => {
  it('drops empty fields and the all-ticked search fields, and adds the default sort', () => {
    const form = new URLSearchParams(
      'severity=high&publishDateFrom=&cvssv2From=&cvssv2From=12&textSearchInput=x' +
        '&textSearchField=vulnerability_id&textSearchField=vulnerability_title' +
        '&textSearchField=component_name&textSearchField=component_version&textSearchField=project_name',
    )
    expect(canonicalSearch('occurrences', form)?.toString()).toBe(
      'severity=high&cvssv2From=12&textSearchInput=x&sortName=attribution.attributedOn&sortOrder=desc',
    )
    expect(parseAuditParams('occurrences', form).errors).toEqual({
      cvssv2: 'vulnerabilityAudit.errors.score',
    })
    const some = new URLSearchParams('textSearchInput=x&textSearchField=project_name&sortName=a')
    expect(canonicalSearch('grouped', some)).toBeUndefined()
  })
})
