import { describe, expect, it } from 'vitest'
import { batchChanges, bulkProblems, readBulkForm } from './bulk-schema.ts'

const P1 = '6f1c2a7e-0f5e-4a8e-9c1e-2b7a5d1e3f40'
const P2 = '0b0e5d52-7c0a-4d7c-8f54-9a3e2c1d0f11'
const PROJECT = '9d6a2f3c-1b4e-4c5d-8e7f-0a1b2c3d4e5f'

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

function problemsOf(entries: Array<[string, string]>) {
  const { result } = readBulkForm(form(entries))
  return result.success ? [] : bulkProblems(result.error)
}

describe('reading the bulk form', () => {
  it('turns every ticked policy and every chosen change into one batch', () => {
    const { result, draft } = readBulkForm(
      form([
        ['intent', 'apply'],
        ['policy', P1],
        ['policy', P2],
        ['violationState', 'FAIL'],
        ['operator', 'ALL'],
        ['onlyLatestProjectVersion', 'on'],
        ['includeChildren', 'off'],
        ['addProject', PROJECT],
        ['addTag', '  Production '],
        ['removeTag', 'legacy'],
      ]),
    )
    expect(draft.policies).toEqual([P1, P2])
    expect(result.success).toBe(true)
    expect(result.data?.policies).toEqual([P1, P2])
    expect(batchChanges(result.data!)).toEqual({
      violationState: 'FAIL',
      operator: 'ALL',
      onlyLatestProjectVersion: true,
      includeChildren: false,
      addProjects: [PROJECT],
      addTags: ['production'],
      removeTags: ['legacy'],
    })
  })

  it('leaves out every field left at "no change"', () => {
    const { result } = readBulkForm(
      form([
        ['intent', 'apply'],
        ['policy', P1],
        ['violationState', ''],
        ['operator', ''],
        ['includeChildren', ''],
        ['onlyLatestProjectVersion', ''],
        ['addTag', ''],
        ['removeProject', PROJECT],
      ]),
    )
    expect(batchChanges(result.data!)).toEqual({ removeProjects: [PROJECT] })
  })

  it('counts a policy ticked twice once', () => {
    const { result } = readBulkForm(
      form([
        ['intent', 'apply'],
        ['policy', P1],
        ['policy', P1],
        ['operator', 'ANY'],
      ]),
    )
    expect(result.data?.policies).toEqual([P1])
  })

  it('keeps the draft exactly as posted, even when it is refused', () => {
    const { result, draft } = readBulkForm(
      form([
        ['intent', 'apply'],
        ['violationState', 'BLOCK'],
        ['projectSearch', 'shop'],
      ]),
    )
    expect(result.success).toBe(false)
    expect(draft).toMatchObject({ violationState: 'BLOCK', projectSearch: 'shop', policies: [] })
  })
})

describe('what is wrong with a bulk change', () => {
  it('asks for a selection before applying or deleting', () => {
    const noSelection = { field: 'policies', message: 'policies.bulk.problems.noSelection' }
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['operator', 'ALL'],
      ]),
    ).toEqual([noSelection])
    expect(problemsOf([['intent', 'delete']])).toEqual([noSelection])
  })

  it('asks for at least one change', () => {
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['policy', P1],
      ]),
    ).toEqual([{ field: 'violationState', message: 'policies.bulk.problems.noChange' }])
  })

  it('needs neither selection nor change to find projects', () => {
    const { result } = readBulkForm(
      form([
        ['intent', 'findProjects'],
        ['projectSearch', 'x'],
      ]),
    )
    expect(result.success).toBe(true)
  })

  it('refuses a value that is not offered, naming the field', () => {
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['policy', P1],
        ['violationState', 'BLOCK'],
        ['includeChildren', 'yes'],
      ]),
    ).toEqual([
      { field: 'violationState', message: 'policies.bulk.problems.invalidChoice' },
      { field: 'includeChildren', message: 'policies.bulk.problems.invalidChoice' },
    ])
    expect(problemsOf([['policy', P1]])).toEqual([
      { field: 'intent', message: 'policies.bulk.problems.invalidChoice' },
    ])
  })

  it('refuses a selection that is not a policy reference, once however many there are', () => {
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['policy', 'not-a-uuid'],
        ['policy', "1' or '1'='1"],
        ['operator', 'ALL'],
      ]),
    ).toEqual([{ field: 'policies', message: 'policies.bulk.problems.invalidReference' }])
  })

  it('takes at most 100 policies at once', () => {
    const many = Array.from(
      { length: 101 },
      (_, index) =>
        ['policy', `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`] as [
          string,
          string,
        ],
    )
    expect(problemsOf([['intent', 'apply'], ['operator', 'ALL'], ...many])).toEqual([
      { field: 'policies', message: 'policies.bulk.problems.tooMany' },
    ])
  })

  it('refuses adding and removing the same project or tag in one submit', () => {
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['policy', P1],
        ['addProject', PROJECT],
        ['removeProject', PROJECT],
        ['addTag', 'Legacy'],
        ['removeTag', 'legacy'],
      ]),
    ).toEqual([
      { field: 'removeProjects', message: 'policies.bulk.problems.sameProject' },
      { field: 'addTag', message: 'policies.bulk.problems.sameTag' },
    ])
  })

  it('refuses a tag name longer than the API stores', () => {
    expect(
      problemsOf([
        ['intent', 'apply'],
        ['policy', P1],
        ['addTag', 'x'.repeat(256)],
      ]),
    ).toEqual([{ field: 'addTag', message: 'policies.bulk.problems.tagTooLong' }])
  })
})
