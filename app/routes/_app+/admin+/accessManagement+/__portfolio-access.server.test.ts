import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import type { SessionUser } from '~/utils/auth.server.ts'
import { AccessParamsSchema, portfolioAccessAction } from './__portfolio-access.server.ts'

const TEAM = '7f6b1c9e-0000-4000-8000-000000000001'
const P1 = '7f6b1c9e-0000-4000-8000-000000000002'
const P2 = '7f6b1c9e-0000-4000-8000-000000000003'
const PAGE = 'http://console.test/admin/accessManagement/portfolioAccessControl'
const context = { sessionSecret: 'test-secret' } as unknown as AppLoadContext
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key

/** An API that records what the action asks and answers 409 for the projects in `conflicts`. */
function fakeApi(conflicts: string[] = []) {
  const calls: Array<{ method: string; path: string; json?: unknown }> = []
  const send = async (path: string, options: { method?: string; json?: unknown } = {}) => {
    calls.push({ method: options.method ?? 'GET', path, json: options.json })
    const project = (options.json as { project?: string } | undefined)?.project
    if (project && conflicts.includes(project)) {
      throw new ApiError({
        status: 409,
        statusText: 'Conflict',
        contentType: 'text/plain',
        body: '',
      })
    }
    return new Response('[]', { headers: { 'Content-Type': 'application/json' } })
  }
  const api = {
    send,
    json: async (_schema: unknown, path: string, options?: { method?: string; json?: unknown }) => {
      await send(path, options)
      return []
    },
  } as unknown as ApiClient
  return { user: { api, permissions: [] } as unknown as SessionUser, calls }
}

function post(search: string, entries: Array<[string, string]>) {
  const body = new FormData()
  for (const [name, value] of entries) body.append(name, value)
  return new Request(`${PAGE}${search}`, { method: 'POST', body })
}

describe('portfolioAccessAction', () => {
  it('adds every ticked project, counts a conflict as already there, and closes the picker', async () => {
    const { user, calls } = fakeApi([P2])
    const response = await portfolioAccessAction(
      user,
      context,
      post(`?team=${TEAM}&page=2&picker=1&pickSearch=a&pickPage=3`, [
        ['intent', 'add'],
        ['team', TEAM],
        ['project', P1],
        ['project', P2],
      ]),
      t,
    )
    expect(calls.map((call) => [call.method, call.path, call.json])).toEqual([
      ['PUT', '/v1/acl/mapping', { team: TEAM, project: P1 }],
      ['PUT', '/v1/acl/mapping', { team: TEAM, project: P2 }],
    ])
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/admin/accessManagement/portfolioAccessControl?team=${TEAM}&page=2`,
    )
  })

  it('refuses an add with nothing ticked and keeps the picker open', async () => {
    const { user, calls } = fakeApi()
    const response = await portfolioAccessAction(
      user,
      context,
      post(`?team=${TEAM}&picker=1`, [
        ['intent', 'add'],
        ['team', TEAM],
      ]),
      t,
    )
    expect(calls).toEqual([])
    expect(response.headers.get('Location')).toContain('picker=1')
  })

  it('removes one project and saves the switch as the aggregate config call', async () => {
    const { user, calls } = fakeApi()
    await portfolioAccessAction(
      user,
      context,
      post('', [
        ['intent', 'remove'],
        ['team', TEAM],
        ['project', P1],
      ]),
      t,
    )
    await portfolioAccessAction(
      user,
      context,
      post('', [
        ['intent', 'acl'],
        ['enabled', 'true'],
      ]),
      t,
    )
    expect(calls).toEqual([
      { method: 'DELETE', path: `/v1/acl/mapping/team/${TEAM}/project/${P1}`, json: undefined },
      {
        method: 'POST',
        path: '/v1/configProperty/aggregate',
        json: [
          { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: 'true' },
        ],
      },
    ])
  })
})

describe('AccessParamsSchema', () => {
  it('falls back to defaults for bad values instead of failing', () => {
    const params = parseListParams(
      AccessParamsSchema,
      new URLSearchParams('team=nope&projectPage=-1&picker=1&pickInactive=1&pageSize=7'),
    )
    expect(params).toMatchObject({
      team: undefined,
      projectPage: 1,
      picker: true,
      pickInactive: true,
      pageSize: 10,
    })
  })
})
