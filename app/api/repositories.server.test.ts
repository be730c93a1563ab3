import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { HIDDEN_PASSWORD_PLACEHOLDER } from '../../common/repository-shapes.ts'
import { createApiClient } from './client.server.ts'
import { createRepository, listRepositories, updateRepository } from './repositories.server.ts'

const UUID = 'c0ffee00-0000-4000-8000-000000000001'
const STORED = {
  uuid: UUID,
  type: 'NPM',
  identifier: 'private',
  url: 'https://npm.example.test/',
  resolutionOrder: 2,
  enabled: true,
}

function recordingApi(answer: unknown, headers: Record<string, string> = {}) {
  const requests: Request[] = []
  const context = {
    apiFetch: async (path: string, init?: RequestInit) => {
      requests.push(new Request(`http://api${path}`, init))
      return Response.json(answer, { headers })
    },
  } as unknown as AppLoadContext
  return { api: createApiClient(context, 'jwt'), requests }
}

const settings = {
  url: 'https://npm.example.test/',
  internal: false,
  authenticationRequired: true,
  username: 'ci',
  enabled: true,
}

describe('the repository client', () => {
  it('lists a type in resolution order unless another column is asked', async () => {
    const { api, requests } = recordingApi([STORED], { 'X-Total-Count': '7' })
    const page = await listRepositories(api, 'NPM', { pageNumber: 1, pageSize: 10 })
    expect(page.total).toBe(7)
    const url = new URL(requests[0]!.url)
    expect(url.pathname).toBe('/api/v1/repository/NPM')
    expect(url.searchParams.get('sortName')).toBe('resolutionOrder')
    expect(url.searchParams.get('sortOrder')).toBe('asc')
    await listRepositories(api, 'NPM', {
      pageNumber: 1,
      pageSize: 10,
      sortName: 'url',
      sortOrder: 'desc',
    })
    expect(new URL(requests[1]!.url).searchParams.get('sortOrder')).toBe('desc')
  })

  it('sends the placeholder when no new password was typed, so the stored one stays', async () => {
    const { api, requests } = recordingApi(STORED)
    await updateRepository(api, { ...settings, uuid: UUID, identifier: 'private' })
    const body = await requests[0]!.json()
    expect(requests[0]!.method).toBe('POST')
    expect(body).toMatchObject({ uuid: UUID, username: 'ci' })
    expect(body.password).toBe(HIDDEN_PASSWORD_PLACEHOLDER)

    await updateRepository(api, { ...settings, uuid: UUID, identifier: 'private', password: 'n3w' })
    expect((await requests[1]!.json()).password).toBe('n3w')
  })

  it('drops the credentials without authentication, and sends no password it was not given', async () => {
    const { api, requests } = recordingApi(STORED)
    await updateRepository(api, {
      ...settings,
      authenticationRequired: false,
      password: 'ignored',
      uuid: UUID,
      identifier: 'private',
    })
    expect(await requests[0]!.json()).toMatchObject({ username: null, password: null })

    await createRepository(api, { ...settings, type: 'NPM', identifier: 'private' })
    const created = await requests[1]!.json()
    expect(requests[1]!.method).toBe('PUT')
    expect(created).toMatchObject({ type: 'NPM', identifier: 'private', password: null })
  })
})
