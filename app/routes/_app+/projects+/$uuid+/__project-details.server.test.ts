import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  AddVersionFormSchema,
  CreatePropertyFormSchema,
  dialogState,
  failureReply,
  returnPath,
} from './__project-details.server.ts'

const t = (key: string) => `t:${key}`
const uuid = 'c0ffee00-0000-4000-8000-000000000001'

function form(entries: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) data.set(key, value)
  return data
}

describe('failureReply', () => {
  const fields = ['name', 'cpe']

  it('translates the API’s fixed conflict messages', () => {
    const reply = failureReply(
      {
        status: 409,
        statusText: 'Conflict',
        contentType: 'text/plain',
        body: 'Project cannot be set to inactive if active children are present.',
      },
      fields,
      t,
    )
    expect(reply).toEqual({
      formErrors: ['t:projectDetails.errors.activeChildren'],
      fieldErrors: {},
    })
  })

  it('shows unknown messages as they are', () => {
    const reply = failureReply(
      { status: 400, statusText: 'Bad Request', contentType: 'text/plain', body: 'Odd.' },
      fields,
      t,
    )
    expect(reply?.formErrors).toEqual(['Odd.'])
  })

  it('puts validation entries on their field, others on the form', () => {
    const body = JSON.stringify([
      { message: 'The CPE must conform', path: 'cpe', invalidValue: 'x' },
      { message: 'must not be blank', path: 'externalReferences[0].url' },
    ])
    const reply = failureReply(
      { status: 400, statusText: 'Bad Request', contentType: 'application/json', body },
      fields,
      t,
    )
    expect(reply).toEqual({
      fieldErrors: { cpe: ['The CPE must conform'] },
      formErrors: ['externalReferences[0].url: must not be blank'],
    })
  })

  it('joins problem details title and detail', () => {
    const body = JSON.stringify({ status: 400, title: 'Illegal argument provided', detail: 'bad' })
    const reply = failureReply(
      { status: 400, statusText: '', contentType: 'application/problem+json', body },
      fields,
      t,
    )
    expect(reply?.formErrors).toEqual(['Illegal argument provided: bad'])
  })

  it('leaves server errors to a toast', () => {
    expect(
      failureReply({ status: 500, statusText: '', contentType: null, body: 'boom' }, fields, t),
    ).toBeUndefined()
  })
})

describe('dialogState', () => {
  it('opens the details on a known tab, falling back to General', () => {
    expect(dialogState(new URLSearchParams('details=identity'), false)).toEqual({
      kind: 'details',
      tab: 'identity',
    })
    expect(dialogState(new URLSearchParams('details=nope'), false)).toEqual({
      kind: 'details',
      tab: 'general',
    })
  })

  it('opens management dialogs only for portfolio managers', () => {
    const params = new URLSearchParams('details=general&delete')
    expect(dialogState(params, true)).toEqual({ kind: 'delete' })
    expect(dialogState(params, false)).toEqual({ kind: 'details', tab: 'general' })
    expect(dialogState(new URLSearchParams('properties=create'), true)).toEqual({
      kind: 'properties',
      create: true,
      search: undefined,
    })
    expect(dialogState(new URLSearchParams('addVersion'), false)).toEqual({ kind: 'none' })
  })
})

describe('returnPath', () => {
  it('keeps paths on the same project page and refuses anything else', () => {
    expect(returnPath(`/projects/${uuid}/components?page=2`, uuid)).toBe(
      `/projects/${uuid}/components?page=2`,
    )
    expect(returnPath(`/projects/${uuid}?details=general`, uuid)).toBe(
      `/projects/${uuid}?details=general`,
    )
    expect(returnPath('https://evil.example/', uuid)).toBe(`/projects/${uuid}`)
    expect(returnPath(`/projects/${uuid}-other`, uuid)).toBe(`/projects/${uuid}`)
    expect(returnPath(`/projects/${uuid}//evil.example`, uuid)).toBe(`/projects/${uuid}`)
    expect(returnPath(null, uuid)).toBe(`/projects/${uuid}`)
  })
})

describe('CreatePropertyFormSchema', () => {
  const base = { groupName: 'g', propertyName: 'n', propertyType: 'STRING', propertyValue: 'v' }

  it.each([
    ['INTEGER', '12', true],
    ['INTEGER', '1.5', false],
    ['NUMBER', '1.5', true],
    ['NUMBER', 'many', false],
    ['BOOLEAN', 'TRUE', true],
    ['BOOLEAN', 'yes', false],
    ['URL', 'https://example.com', true],
    ['URL', 'example', false],
    ['UUID', uuid, true],
    ['UUID', 'not-a-uuid', false],
    ['ENCRYPTEDSTRING', 'anything', true],
  ])('%s value %s is accepted: %s', (propertyType, propertyValue, ok) => {
    const submission = parseWithZod(form({ ...base, propertyType, propertyValue }), {
      schema: CreatePropertyFormSchema,
    })
    expect(submission.status === 'success').toBe(ok)
    if (!ok) {
      expect(submission.reply().error?.propertyValue).toEqual([
        `projectDetails.properties.invalid.${propertyType}`,
      ])
    }
  })

  it('requires group, name and value', () => {
    const submission = parseWithZod(form({ propertyType: 'STRING' }), {
      schema: CreatePropertyFormSchema,
    })
    expect(Object.keys(submission.reply().error ?? {}).sort()).toEqual([
      'groupName',
      'propertyName',
      'propertyValue',
    ])
  })
})

describe('AddVersionFormSchema', () => {
  it('reads the switches that were sent as on and the rest as off', () => {
    const submission = parseWithZod(
      form({ version: ' 2.0 ', includeTags: 'on', makeCloneLatest: 'on' }),
      { schema: AddVersionFormSchema },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({
      version: '2.0',
      includeTags: true,
      makeCloneLatest: true,
      includeComponents: false,
    })
  })
})
