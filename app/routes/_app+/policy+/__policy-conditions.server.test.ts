import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { Policy } from '~/api/policy-editor.server.ts'
import {
  BLANK_ROWS,
  MAX_CONDITIONS,
  apiRowErrors,
  conditionsFormSchema,
  draftEditor,
  errorsByField,
  licenseCatalog,
  postedRows,
  refusedEditor,
  storedConditionsEditor,
  unchanged,
} from './__policy-conditions.server.ts'

const MIT = 'a1b2c3d4-0000-4000-8000-000000000001'
const APACHE = 'a1b2c3d4-0000-4000-8000-000000000002'
const GROUP = 'a1b2c3d4-0000-4000-8000-0000000000aa'
const STORED = 'c0ffee00-0000-4000-8000-000000000001'
const catalog = licenseCatalog([
  { uuid: MIT, licenseId: 'MIT', name: 'MIT License' },
  { uuid: APACHE, licenseId: 'Apache-2.0', name: 'Apache License 2.0' },
])

/** The conditions form as the browser posts it: one entry per input, rows by index. */
function form(rows: Array<Record<string, string>>, intent = 'saveConditions') {
  const data = new FormData()
  data.set('intent', intent)
  rows.forEach((row, index) => {
    if (Object.keys(row).length === 0) data.append(`conditions[${index}].subject`, '')
    const withDrawn = row.subject && !('drawnFor' in row) ? { drawnFor: row.subject, ...row } : row
    for (const [field, value] of Object.entries(withDrawn)) {
      data.append(`conditions[${index}].${field}`, value)
    }
  })
  return data
}

const save = (data: FormData) => parseWithZod(data, { schema: conditionsFormSchema(catalog) })

/** The problems of a refused save, by field; none when it would be saved. */
function problems(data: FormData) {
  const submission = save(data)
  return submission.status === 'success' ? {} : errorsByField(submission.error)
}

const policy = (conditions: Policy['policyConditions']): Policy => ({
  uuid: 'p',
  name: 'p',
  operator: 'ANY',
  violationState: 'WARN',
  policyConditions: conditions,
  projects: [],
  tags: [],
  includeChildren: false,
  onlyLatestProjectVersion: false,
  global: true,
})

describe('the conditions form', () => {
  it('turns every kept row into a condition, in order, and leaves blank and removed rows out', () => {
    const submission = save(
      form([
        { uuid: STORED, subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' },
        { subject: 'COORDINATES', operator: 'MATCHES', group: 'org.acme', name: 'core' },
        {
          uuid: 'c0ffee00-0000-4000-8000-000000000002',
          subject: 'CPE',
          operator: 'MATCHES',
          value: 'x',
          remove: 'on',
        },
        {},
        { subject: 'LICENSE', operator: 'IS_NOT', value: 'apache license 2.0' },
        { subject: 'LICENSE_GROUP', operator: 'IS', value: GROUP },
        { subject: 'COMPONENT_HASH', operator: 'IS', algorithm: 'SHA-1', hash: 'ABC123' },
        { subject: 'VERSION_DISTANCE', operator: 'NUMERIC_GREATER_THAN_OR_EQUAL', major: '1' },
        { subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: 'P1Y6M' },
      ]),
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value.inputs).toEqual([
      { uuid: STORED, subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' },
      { subject: 'COORDINATES', operator: 'MATCHES', value: '{"group":"org.acme","name":"core"}' },
      { subject: 'LICENSE', operator: 'IS_NOT', value: APACHE },
      { subject: 'LICENSE_GROUP', operator: 'IS', value: GROUP },
      {
        subject: 'COMPONENT_HASH',
        operator: 'IS',
        value: '{"algorithm":"SHA-1","value":"ABC123"}',
      },
      {
        subject: 'VERSION_DISTANCE',
        operator: 'NUMERIC_GREATER_THAN_OR_EQUAL',
        value: '{"major":"1"}',
      },
      { subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: 'P1Y6M' },
    ])
    expect(submission.value.rowOf).toEqual([0, 1, 4, 5, 6, 7, 8])
  })

  it('saves nothing when any row is wrong, and names the problem of each wrong row', () => {
    const submission = save(
      form([
        { subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' },
        { subject: 'AGE', operator: 'NUMERIC_LESS_THAN', value: '30 days' },
        { subject: 'EPSS', operator: 'NUMERIC_GREATER_THAN', value: '7' },
        { subject: 'LICENSE', operator: 'IS', value: 'Nope-1.0' },
        { subject: 'CPE', operator: 'IS', value: 'cpe:2.3:*' },
        { subject: 'CWE', operator: 'CONTAINS_ANY', value: 'XSS' },
        { subject: 'COMPONENT_HASH', operator: 'IS', algorithm: 'MD5', hash: 'not hex' },
        { subject: 'PACKAGE_URL', operator: 'MATCHES', value: '' },
        { operator: 'IS', value: 'left without subject', uuid: STORED },
        { subject: 'COORDINATES', operator: 'MATCHES' },
      ]),
    )
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' ? errorsByField(submission.error) : {}).toEqual({
      'conditions[1].value': ['policyCondition.problems.period'],
      'conditions[2].value': ['policyCondition.problems.decimal'],
      'conditions[3].value': ['policyCondition.problems.license'],
      'conditions[4].operator': ['policyCondition.problems.operator'],
      'conditions[5].value': ['policyCondition.problems.cwe'],
      'conditions[6].value': ['policyCondition.problems.hash'],
      'conditions[7].value': ['policyCondition.problems.blank'],
      'conditions[8].subject': ['policyCondition.rowProblems.subject'],
      'conditions[9].value': ['policyCondition.problems.blank'],
    })
  })

  it('does not save a row whose subject changed where no script swapped its inputs', () => {
    const data = form([{ drawnFor: 'SEVERITY', subject: 'CPE', operator: 'IS', value: 'HIGH' }])
    expect(problems(data)).toEqual({
      'conditions[0].subject': ['policyCondition.rowProblems.redrawn'],
    })
    const rows = postedRows(data)!
    const editor = refusedEditor(rows, {})
    expect(editor.rows[0]).toMatchObject({ subject: 'CPE', operator: 'MATCHES', value: '' })
  })

  it('refuses a stored value it could not show until it is entered again or removed', () => {
    const data = form([
      { uuid: STORED, subject: 'COORDINATES', operator: 'MATCHES', unreadable: 'x' },
    ])
    expect(problems(data)).toEqual({
      'conditions[0].value': ['policyCondition.rowProblems.unreadable'],
    })
    const removed = form([
      { uuid: STORED, subject: 'COORDINATES', operator: 'MATCHES', unreadable: 'x', remove: 'on' },
    ])
    expect(save(removed).status).toBe('success')
  })

  it('refuses more than the API takes', () => {
    const many = Array.from({ length: MAX_CONDITIONS + 1 }, () => ({
      subject: 'VULNERABILITY_ID',
      operator: 'IS',
      value: 'CVE-2021-44228',
    }))
    expect(problems(form(many))).toEqual({
      conditions: ['policyCondition.rowProblems.tooMany'],
    })
  })
})

describe('the conditions draft', () => {
  it('adds blank rows on "More rows" and keeps what was typed', () => {
    const rows = postedRows(
      form([{ subject: 'CPE', operator: 'NO_MATCH', value: 'cpe:2.3:a:acme' }], 'addRows'),
    )!
    const editor = draftEditor(rows, 'addRows')
    expect(editor.rows).toHaveLength(1 + BLANK_ROWS)
    expect(editor.rows[0]).toMatchObject({
      subject: 'CPE',
      operator: 'NO_MATCH',
      value: 'cpe:2.3:a:acme',
    })
    expect(editor.errors).toEqual({})
  })

  it('draws changed subjects anew on "Update inputs", carrying text between text subjects', () => {
    const rows = postedRows(
      form(
        [
          { drawnFor: 'CPE', subject: 'PACKAGE_URL', operator: 'NO_MATCH', value: 'acme' },
          { drawnFor: 'CPE', subject: 'VERSION_DISTANCE', operator: 'MATCHES', value: 'acme' },
          { drawnFor: '', subject: 'SEVERITY' },
        ],
        'redraw',
      ),
    )!
    const editor = draftEditor(rows, 'redraw')
    expect(editor.rows[0]).toMatchObject({
      subject: 'PACKAGE_URL',
      operator: 'NO_MATCH',
      value: 'acme',
    })
    expect(editor.rows[1]).toMatchObject({
      subject: 'VERSION_DISTANCE',
      operator: 'NUMERIC_GREATER_THAN',
      value: '',
    })
    expect(editor.rows[2]).toMatchObject({ subject: 'SEVERITY', operator: 'IS' })
  })

  it('starts from the stored conditions plus blank rows, named after what is stored', () => {
    const stored = policy([{ uuid: STORED, subject: 'LICENSE', operator: 'IS', value: MIT }])
    const first = storedConditionsEditor(stored, catalog.licenseIdOf)
    expect(first.rows[0]).toMatchObject({ uuid: STORED, value: 'MIT' })
    expect(first.rows).toHaveLength(1 + BLANK_ROWS)
    expect(storedConditionsEditor(stored, catalog.licenseIdOf).revision).toBe(first.revision)
    expect(storedConditionsEditor(policy([]), catalog.licenseIdOf).revision).not.toBe(
      first.revision,
    )
  })
})

describe('answers of the API', () => {
  it('places the problems of the submitted list on the rows they came from', () => {
    const errors = apiRowErrors(
      new Map([
        [0, 'period'],
        [2, 'operator'],
        [9, 'blank'],
      ]),
      [1, 3, 4],
    )
    expect(errors).toEqual({
      'conditions[1].value': ['policyCondition.problems.period'],
      'conditions[4].operator': ['policyCondition.problems.operator'],
    })
  })

  it('knows when saving would change nothing', () => {
    const stored = policy([{ uuid: STORED, subject: 'CPE', operator: 'MATCHES', value: 'a' }])
    expect(
      unchanged(stored, [{ uuid: STORED, subject: 'CPE', operator: 'MATCHES', value: 'a' }]),
    ).toBe(true)
    expect(
      unchanged(stored, [{ uuid: STORED, subject: 'CPE', operator: 'NO_MATCH', value: 'a' }]),
    ).toBe(false)
    expect(unchanged(stored, [])).toBe(false)
  })

  it('finds licenses by id or name in any case, id first, and by uuid', () => {
    expect(catalog.resolveLicense('mit')).toBe(MIT)
    expect(catalog.resolveLicense('MIT License')).toBe(MIT)
    expect(catalog.resolveLicense(APACHE.toUpperCase())).toBe(APACHE)
    expect(catalog.resolveLicense('unresolved')).toBe('unresolved')
    expect(catalog.resolveLicense('GPL-3.0-only')).toBeUndefined()
  })
})
