import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient, type RequestOptions } from '~/api/client.server.ts'
import { getToast } from '~/utils/toast.server.ts'
import { licenseGroupAction } from './__license-group-actions.server.ts'

const GROUP = '7f6b1c9e-0000-4000-8000-0000000000aa'
const MIT = '7f6b1c9e-0000-4000-8000-000000000001'
const BSD = '7f6b1c9e-0000-4000-8000-000000000002'
const PAGE = `/policy/licenseGroups/${GROUP}`
const context = { sessionSecret: 'test-secret-of-32-characters-long!' } as never
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key

const group = { uuid: GROUP, name: 'Permissive', riskWeight: 0, licenses: [] }

function failure(status: number, body = '') {
  return new ApiError({ status, statusText: '', contentType: 'text/plain', body })
}

/** An API where each `METHOD path` answers as given; anything else is a 404. */
function fakeApi(answers: Record<string, () => Response | ApiError>) {
  const calls: string[] = []
  const send = vi.fn(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`
    calls.push(options.json === undefined ? key : `${key} ${JSON.stringify(options.json)}`)
    const answer = answers[key]?.() ?? failure(404)
    if (answer instanceof ApiError) throw answer
    if (!answer.ok && !options.accept?.includes(answer.status)) throw failure(answer.status)
    return answer
  })
  const json = async (
    schema: { parse: (v: unknown) => unknown },
    path: string,
    options?: RequestOptions,
  ) => schema.parse(await (await send(path, options)).json())
  return { api: { send, json } as unknown as ApiClient, calls }
}

function post(entries: Array<[string, string]>, search = '') {
  const formData = new FormData()
  for (const [name, value] of entries) formData.append(name, value)
  return { url: `http://console.test${PAGE}${search}`, uuid: GROUP, formData }
}

async function toastOf(response: Response) {
  const request = new Request('http://console.test/', {
    headers: { Cookie: response.headers.get('set-cookie') ?? '' },
  })
  return (await getToast(request, context)).toast
}

describe('licenseGroupAction', () => {
  it('adds each picked license, counts only the new ones, and closes the picker', async () => {
    const { api, calls } = fakeApi({
      [`POST /v1/licenseGroup/${GROUP}/license/${MIT}`]: () => Response.json(group),
      [`POST /v1/licenseGroup/${GROUP}/license/${BSD}`]: () => new Response(null, { status: 304 }),
    })
    const response = await licenseGroupAction(
      api,
      context,
      t,
      post(
        [
          ['intent', 'add'],
          ['license', MIT],
          ['license', BSD],
        ],
        '?pick=1&pickSearch=mit&pickPage=2',
      ),
    )
    expect(calls).toHaveLength(2)
    expect(response.headers.get('location')).toBe(PAGE)
    expect(await toastOf(response)).toMatchObject({
      type: 'success',
      title: 'licenseGroups.picker.added {"number":1}',
    })
  })

  it('keeps the picker open and warns when nothing was picked', async () => {
    const { api, calls } = fakeApi({})
    const response = await licenseGroupAction(
      api,
      context,
      t,
      post([['intent', 'add']], '?pick=1&pickSearch=mit'),
    )
    expect(calls).toEqual([])
    expect(response.headers.get('location')).toBe(`${PAGE}?pick=1&pickSearch=mit`)
    expect(await toastOf(response)).toMatchObject({
      type: 'warning',
      title: 'licenseGroups.picker.noSelection',
    })
  })

  it('removes the license whose button was pressed', async () => {
    const { api, calls } = fakeApi({
      [`DELETE /v1/licenseGroup/${GROUP}/license/${MIT}`]: () => Response.json(group),
    })
    const response = await licenseGroupAction(
      api,
      context,
      t,
      post([
        ['intent', 'remove'],
        ['remove', MIT],
      ]),
    )
    expect(calls).toEqual([`DELETE /v1/licenseGroup/${GROUP}/license/${MIT}`])
    expect(await toastOf(response)).toMatchObject({ title: 'licenseGroups.group.removed' })
  })

  it('renames with the trimmed name, and shows a taken name next to the field', async () => {
    const renamed = fakeApi({ 'POST /v1/licenseGroup': () => Response.json(group) })
    await licenseGroupAction(
      renamed.api,
      context,
      t,
      post([
        ['intent', 'rename'],
        ['name', '  Allowed  '],
      ]),
    )
    expect(renamed.calls).toEqual([`POST /v1/licenseGroup {"uuid":"${GROUP}","name":"Allowed"}`])

    const taken = fakeApi({ 'POST /v1/licenseGroup': () => failure(409) })
    const response = await licenseGroupAction(
      taken.api,
      context,
      t,
      post([
        ['intent', 'rename'],
        ['name', 'Copyleft'],
      ]),
    )
    expect(response.status).toBe(409)
    const body = (await response.json()) as { result: { error: Record<string, string[]> } }
    expect(body.result.error).toEqual({ name: ['licenseGroups.exists'] })
  })

  it('refuses an empty name without asking the API', async () => {
    const { api, calls } = fakeApi({})
    const response = await licenseGroupAction(
      api,
      context,
      t,
      post([
        ['intent', 'rename'],
        ['name', ' '],
      ]),
    )
    expect(response.status).toBe(400)
    expect(calls).toEqual([])
  })

  it('deletes the group and goes back to the list', async () => {
    const { api } = fakeApi({
      [`DELETE /v1/licenseGroup/${GROUP}`]: () => new Response(null, { status: 204 }),
    })
    const response = await licenseGroupAction(api, context, t, post([['intent', 'delete']]))
    expect(response.headers.get('location')).toBe('/policy/licenseGroups')
    expect(await toastOf(response)).toMatchObject({ title: 'licenseGroups.delete.deleted' })
  })

  it('tells a vanished group from a vanished license', async () => {
    const groupGone = fakeApi({})
    const toList = await licenseGroupAction(groupGone.api, context, t, post([['intent', 'delete']]))
    expect(toList.headers.get('location')).toBe('/policy/licenseGroups')
    expect(await toastOf(toList)).toMatchObject({ title: 'licenseGroups.gone' })

    const licenseGone = fakeApi({ [`GET /v1/licenseGroup/${GROUP}`]: () => Response.json(group) })
    const back = await licenseGroupAction(
      licenseGone.api,
      context,
      t,
      post([
        ['intent', 'remove'],
        ['remove', BSD],
      ]),
    )
    expect(back.headers.get('location')).toBe(PAGE)
    expect(await toastOf(back)).toMatchObject({ title: 'licenseGroups.picker.licenseGone' })
  })

  it('refuses a post it does not understand', async () => {
    const { api } = fakeApi({})
    await expect(
      licenseGroupAction(api, context, t, post([['intent', 'setRiskWeight']])),
    ).rejects.toMatchObject({ status: 400 })
  })
})
