import { describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { ApiError, type ApiClient, type RequestOptions } from '~/api/client.server.ts'
import { backToPolicies, bulkAction, createPolicyAction } from './__policies.server.ts'

const P1 = '6f1c2a7e-0f5e-4a8e-9c1e-2b7a5d1e3f40'
const P2 = '0b0e5d52-7c0a-4d7c-8f54-9a3e2c1d0f11'
const SHOP = '9d6a2f3c-1b4e-4c5d-8e7f-0a1b2c3d4e5f'
const OLD = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d'

const context = { sessionSecret: 'test-secret' } as never
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `«${key} ${JSON.stringify(options)}»` : `«${key}»`

type Answer = Response | ApiError

/** An API client whose answers are looked up by method and path; every call is recorded. */
function fakeApi(answers: Record<string, (options: RequestOptions) => Answer>) {
  const send = vi.fn(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`
    const answer = answers[key]?.(options)
    if (!answer) throw new Error(`unexpected ${key}`)
    if (answer instanceof ApiError) throw answer
    return answer
  })
  const api = {
    send,
    json: async (schema: z.ZodType, path: string, options?: RequestOptions) =>
      schema.parse(await (await send(path, options)).json()),
  } as unknown as ApiClient
  return { api, send }
}

function refused(status: number, contentType: string, body: unknown) {
  return new ApiError({
    status,
    statusText: status === 400 ? 'Bad Request' : 'Forbidden',
    contentType,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

const back = '/policy?searchText=lic'
const run = (api: ApiClient, entries: Array<[string, string]>, canSearch = true) =>
  bulkAction({ api, context, t, form: form(entries), back, canSearch })

const project = (uuid: string, name: string, version?: string) => ({ uuid, name, version })

describe('backToPolicies', () => {
  it('returns to the same list view without the dialog or Remix parameters', () => {
    expect(backToPolicies('http://x/policy?index&searchText=a&page=2&create&_data=r')).toBe(
      '/policy?searchText=a&page=2',
    )
    expect(backToPolicies('http://x/policy?index')).toBe('/policy')
  })
})

describe('applying a bulk change', () => {
  it('sends the selection and the chosen changes in one batch, then goes back with a toast', async () => {
    const { api, send } = fakeApi({
      'POST /v1/policy/batch': () => Response.json({ updated: 2 }),
    })
    const response = await run(api, [
      ['intent', 'apply'],
      ['policy', P1],
      ['policy', P2],
      ['violationState', 'WARN'],
      ['removeProject', OLD],
    ])
    expect(send).toHaveBeenCalledTimes(1)
    expect(send.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      json: { policies: [P1, P2], changes: { violationState: 'WARN', removeProjects: [OLD] } },
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(back)
    expect(response.headers.get('Set-Cookie')).toContain('__lookout_toast')
  })

  it('lists what the form lacks without asking the API, and keeps the draft', async () => {
    const { api, send } = fakeApi({})
    const response = await run(
      api,
      [
        ['intent', 'apply'],
        ['addTag', 'prod'],
      ],
      false,
    )
    expect(send).not.toHaveBeenCalled()
    expect(response.status).toBe(400)
    const { bulk } = await response.json()
    expect(bulk.problems).toEqual([
      { field: 'policies', message: 'policies.bulk.problems.noSelection' },
    ])
    expect(bulk.draft.addTag).toBe('prod')
  })

  it('shows every refusal of the batch by the policy, project or tag it names', async () => {
    const problem = {
      status: 400,
      title: 'Policy operation failed',
      detail: 'Nothing was changed',
      errors: { [SHOP]: 'The project could not be found.', prod: 'Tag does not exist' },
    }
    const { api } = fakeApi({
      'POST /v1/policy/batch': () => refused(400, 'application/problem+json', problem),
    })
    const response = await run(
      api,
      [
        ['intent', 'apply'],
        ['policy', P1],
        ['addTag', 'prod'],
      ],
      false,
    )
    expect(response.status).toBe(400)
    const { bulk } = await response.json()
    expect(bulk.refusals).toEqual([
      { key: SHOP, message: 'The project could not be found.' },
      { key: 'prod', message: 'Tag does not exist' },
    ])
    expect(bulk.draft.policies).toEqual([P1])
  })

  it('explains a refusal without a list in one line', async () => {
    const { api } = fakeApi({
      'POST /v1/policy/batch': () => refused(403, 'text/plain', ''),
    })
    const response = await run(api, [
      ['intent', 'apply'],
      ['policy', P1],
      ['operator', 'ALL'],
    ])
    expect(response.status).toBe(403)
    const { bulk } = await response.json()
    expect(bulk.refusals).toEqual([
      { key: '', message: '«errors.httpRequestError»: Forbidden (403)' },
    ])
  })
})

describe('deleting in bulk', () => {
  it('asks first, without deleting anything', async () => {
    const { api, send } = fakeApi({})
    const response = await run(api, [
      ['intent', 'delete'],
      ['policy', P1],
    ])
    expect(send).not.toHaveBeenCalled()
    const { bulk } = await response.json()
    expect(bulk.confirmDelete).toBe(true)
    expect(bulk.draft.policies).toEqual([P1])
  })

  it('deletes the confirmed policies in one batch', async () => {
    const { api, send } = fakeApi({
      'POST /v1/policy/batch': () => Response.json({ updated: 2 }),
    })
    const response = await run(api, [
      ['intent', 'confirmDelete'],
      ['policy', P1],
      ['policy', P2],
      ['violationState', 'FAIL'],
    ])
    expect(send.mock.calls[0]![1]).toMatchObject({
      json: { policies: [P1, P2], changes: { delete: true } },
    })
    expect(response.status).toBe(302)
  })
})

describe('finding projects to add', () => {
  it('searches active projects by name and keeps ticked ones the search no longer shows', async () => {
    const { api, send } = fakeApi({
      'GET /v1/project': () =>
        Response.json([project(SHOP, 'shop', '2.0')], { headers: { 'X-Total-Count': '31' } }),
      [`GET /v1/project/${OLD}`]: () => Response.json(project(OLD, 'legacy', '1.0')),
    })
    const response = await run(api, [
      ['intent', 'findProjects'],
      ['projectSearch', ' sho '],
      ['addProject', OLD],
      ['policy', P1],
    ])
    expect(send.mock.calls[0]![1]).toMatchObject({
      query: { searchText: 'sho', excludeInactive: true, onlyRoot: false, pageSize: 10 },
    })
    const { bulk } = await response.json()
    expect(bulk.found).toEqual({ projects: [project(SHOP, 'shop', '2.0')], total: 31 })
    expect(bulk.chosen).toEqual([project(OLD, 'legacy', '1.0')])
    expect(bulk.draft.policies).toEqual([P1])
  })

  it('does not search for a reader who may not see the portfolio', async () => {
    const { api, send } = fakeApi({})
    const response = await run(
      api,
      [
        ['intent', 'findProjects'],
        ['projectSearch', 'x'],
      ],
      false,
    )
    expect(send).not.toHaveBeenCalled()
    expect((await response.json()).bulk.found).toBeUndefined()
  })
})

describe('creating a policy', () => {
  const create = (api: ApiClient, name: string) =>
    createPolicyAction({ api, context, t, form: form([['name', name]]), back })

  it('creates it by name and opens its editor', async () => {
    const { api, send } = fakeApi({
      'PUT /v1/policy': () =>
        Response.json(
          {
            uuid: P1,
            name: 'No GPL',
            operator: 'ANY',
            violationState: 'INFO',
            policyConditions: [],
            projects: [],
            tags: [],
            includeChildren: false,
            onlyLatestProjectVersion: false,
            global: true,
          },
          { status: 201 },
        ),
    })
    const response = await create(api, '  No GPL ')
    expect(send.mock.calls[0]![1]).toMatchObject({ json: { name: 'No GPL' } })
    expect(response.headers.get('Location')).toBe(`/policy/${P1}`)
  })

  it('puts a taken name next to the name field', async () => {
    const { api } = fakeApi({
      'PUT /v1/policy': () =>
        refused(409, 'text/plain', 'A policy with the specified name already exists.'),
    })
    const response = await create(api, 'No GPL')
    expect(response.status).toBe(409)
    const { result } = await response.json()
    expect(result.error).toEqual({ name: ['policies.create.duplicate'] })
  })

  it('asks for a name', async () => {
    const { api, send } = fakeApi({})
    const response = await create(api, '   ')
    expect(send).not.toHaveBeenCalled()
    expect((await response.json()).result.error).toEqual({ name: ['validation.required'] })
  })
})
