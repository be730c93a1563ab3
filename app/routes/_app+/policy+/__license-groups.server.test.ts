import { describe, expect, it } from 'vitest'
import {
  LicenseGroupFormSchema,
  LicenseGroupPageParamsSchema,
  parseLicenseGroupAction,
  PICKER_PARAMS,
  samePage,
} from './__license-groups.server.ts'

const A = '7f6b1c9e-0000-4000-8000-000000000001'
const B = '7f6b1c9e-0000-4000-8000-000000000002'

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('parseLicenseGroupAction', () => {
  it('reads the picked licenses of an add as a list', () => {
    const parsed = parseLicenseGroupAction(
      form([
        ['intent', 'add'],
        ['license', A],
        ['license', B],
      ]),
    )
    expect(parsed.data).toEqual({ intent: 'add', licenses: [A, B] })
  })

  it('takes an add with nothing picked (the page says so) but not one with a bad id', () => {
    expect(parseLicenseGroupAction(form([['intent', 'add']])).data).toEqual({
      intent: 'add',
      licenses: [],
    })
    expect(
      parseLicenseGroupAction(
        form([
          ['intent', 'add'],
          ['license', 'not-a-uuid'],
        ]),
      ).success,
    ).toBe(false)
  })

  it('reads the license of the Remove button that was pressed', () => {
    const parsed = parseLicenseGroupAction(
      form([
        ['intent', 'remove'],
        ['remove', B],
      ]),
    )
    expect(parsed.data).toEqual({ intent: 'remove', license: B })
    expect(parseLicenseGroupAction(form([['intent', 'remove']])).success).toBe(false)
  })

  it('knows rename and delete, and nothing else', () => {
    expect(parseLicenseGroupAction(form([['intent', 'rename']])).data).toEqual({
      intent: 'rename',
    })
    expect(parseLicenseGroupAction(form([['intent', 'delete']])).data).toEqual({
      intent: 'delete',
    })
    expect(parseLicenseGroupAction(form([['intent', 'riskWeight']])).success).toBe(false)
  })

  it('takes at most 100 licenses in one add', () => {
    const many = Array.from({ length: 101 }, () => ['license', A] as [string, string])
    expect(parseLicenseGroupAction(form([['intent', 'add'], ...many])).success).toBe(false)
  })
})

describe('LicenseGroupFormSchema', () => {
  it('trims the name and needs one of at most 255 characters', () => {
    expect(LicenseGroupFormSchema.parse({ name: '  Copyleft ' })).toEqual({ name: 'Copyleft' })
    expect(LicenseGroupFormSchema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(
      'validation.required',
    )
    expect(
      LicenseGroupFormSchema.safeParse({ name: 'x'.repeat(256) }).error?.issues[0]?.message,
    ).toBe('licenses.validation.tooLong')
  })
})

describe('LicenseGroupPageParamsSchema', () => {
  it('opens the picker on pick=1 and falls back to its first page', () => {
    expect(
      LicenseGroupPageParamsSchema.parse({ pick: '1', pickSearch: ' bsd ', pickPage: 'x' }),
    ).toEqual({ pick: true, pickSearch: 'bsd', pickPage: 1 })
    expect(LicenseGroupPageParamsSchema.parse({})).toEqual({
      pick: false,
      pickSearch: undefined,
      pickPage: 1,
    })
  })
})

describe('samePage', () => {
  it('keeps the page and its parameters but never Remix’s own, and drops what it is told', () => {
    const url = `http://console.test/policy/licenseGroups/${A}?pick=1&pickSearch=mit&pickPage=2&_data=x&index`
    expect(samePage(url)).toBe(`/policy/licenseGroups/${A}?pick=1&pickSearch=mit&pickPage=2`)
    expect(samePage(url, PICKER_PARAMS)).toBe(`/policy/licenseGroups/${A}`)
  })
})
