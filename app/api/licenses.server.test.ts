import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from './client.server.ts'
import {
  addLicenseToGroup,
  createLicense,
  deleteLicense,
  findLicenseById,
  getLicense,
  listLicenseGroups,
  listLicenses,
  removeLicenseFromGroup,
  renameLicenseGroup,
} from './licenses.server.ts'

const MIT = {
  uuid: '7f6b1c9e-0000-4000-8000-000000000001',
  name: 'MIT License',
  licenseId: 'MIT',
  licenseText: 'Permission is hereby granted…',
  isOsiApproved: true,
  isFsfLibre: true,
  isDeprecatedLicenseId: false,
  isCustomLicense: false,
  seeAlso: ['https://opensource.org/license/mit/'],
  someFutureField: 1,
}

const GROUP = {
  uuid: '7f6b1c9e-0000-4000-8000-0000000000aa',
  name: 'Permissive',
  riskWeight: 0,
  licenses: [MIT],
}

function client(answer: () => Response) {
  const send = vi.fn(async (_path: string, _options?: unknown) => answer())
  const json = vi.fn(
    async (schema: { parse: (value: unknown) => unknown }, _path: string, _options?: unknown) =>
      schema.parse(await answer().json()),
  )
  return { api: { send, json } as unknown as ApiClient, send, json }
}

describe('listLicenses', () => {
  it('asks for one sorted page and reads the total', async () => {
    const { api, send } = client(() =>
      Response.json([MIT], { headers: { 'X-Total-Count': '757' } }),
    )
    const page = await listLicenses(api, {
      searchText: 'mit',
      pageNumber: 2,
      pageSize: 25,
      sortName: 'licenseId',
      sortOrder: 'desc',
    })
    expect(send).toHaveBeenCalledWith('/v1/license', {
      query: {
        searchText: 'mit',
        pageNumber: 2,
        pageSize: 25,
        sortName: 'licenseId',
        sortOrder: 'desc',
      },
    })
    expect(page.total).toBe(757)
    expect(page.licenses[0]).toMatchObject({ licenseId: 'MIT', someFutureField: 1 })
  })

  it('sends no order without a sort column, and counts the rows without a total', async () => {
    const { api, send } = client(() => Response.json([MIT]))
    const page = await listLicenses(api, { pageNumber: 1, pageSize: 10, sortOrder: 'desc' })
    expect(send.mock.calls[0]).toEqual([
      '/v1/license',
      { query: expect.objectContaining({ sortName: undefined, sortOrder: undefined }) },
    ])
    expect(page.total).toBe(1)
  })
})

describe('license addresses', () => {
  it('escape ids with characters of their own', async () => {
    const { api, json, send } = client(() => Response.json(MIT))
    await getLicense(api, 'GPL-2.0+')
    expect(json.mock.calls[0]?.[1]).toBe('/v1/license/GPL-2.0%2B')
    await deleteLicense(api, 'Acme 1/2')
    expect(send).toHaveBeenCalledWith('/v1/license/Acme%201%2F2', { method: 'DELETE' })
  })

  it('create a custom license with PUT and rename a group with POST', async () => {
    const license = client(() => Response.json(MIT))
    await createLicense(license.api, {
      name: 'Acme',
      licenseId: 'Acme-1.0',
      isOsiApproved: false,
      isFsfLibre: false,
      isDeprecatedLicenseId: false,
    })
    expect(license.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/license',
      {
        method: 'PUT',
        json: {
          name: 'Acme',
          licenseId: 'Acme-1.0',
          isOsiApproved: false,
          isFsfLibre: false,
          isDeprecatedLicenseId: false,
        },
      },
    ])
    const group = client(() => Response.json(GROUP))
    await renameLicenseGroup(group.api, GROUP.uuid, 'Allowed')
    expect(group.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/licenseGroup',
      { method: 'POST', json: { uuid: GROUP.uuid, name: 'Allowed' } },
    ])
  })
})

describe('license group membership', () => {
  it('tells an added license from one that was a member already (304)', async () => {
    const added = client(() => Response.json(GROUP))
    expect(await addLicenseToGroup(added.api, GROUP.uuid, MIT.uuid)).toBe(true)
    expect(added.send).toHaveBeenCalledWith(`/v1/licenseGroup/${GROUP.uuid}/license/${MIT.uuid}`, {
      method: 'POST',
      accept: [304],
    })
    const already = client(() => new Response(null, { status: 304 }))
    expect(await addLicenseToGroup(already.api, GROUP.uuid, MIT.uuid)).toBe(false)
  })

  it('tells a removed license from one that was not a member (304)', async () => {
    const removed = client(() => Response.json(GROUP))
    expect(await removeLicenseFromGroup(removed.api, GROUP.uuid, MIT.uuid)).toBe(true)
    expect(removed.send.mock.calls[0]?.[1]).toEqual({ method: 'DELETE', accept: [304] })
    const absent = client(() => new Response(null, { status: 304 }))
    expect(await removeLicenseFromGroup(absent.api, GROUP.uuid, MIT.uuid)).toBe(false)
  })

  it('lists groups with their licenses and the total', async () => {
    const { api } = client(() => Response.json([GROUP], { headers: { 'X-Total-Count': '4' } }))
    const page = await listLicenseGroups(api, { pageNumber: 1, pageSize: 10 })
    expect(page).toMatchObject({ total: 4, groups: [{ name: 'Permissive', riskWeight: 0 }] })
    expect(page.groups[0]?.licenses[0]?.licenseId).toBe('MIT')
  })
})

describe('findLicenseById', () => {
  it('asks for the license only when the search could be an SPDX id', async () => {
    const { api, json } = client(() => Response.json(MIT))
    expect(await findLicenseById(api, undefined)).toBeUndefined()
    expect(await findLicenseById(api, 'MIT License')).toBeUndefined()
    expect(json).not.toHaveBeenCalled()
    expect(await findLicenseById(api, 'MIT')).toMatchObject({ name: 'MIT License' })
  })

  it('answers nothing when no license has that id, and lets a server failure through', async () => {
    const refusing = (status: number) =>
      ({
        json: async () => {
          throw new ApiError({ status, statusText: '', contentType: 'text/plain', body: '' })
        },
      }) as unknown as ApiClient
    expect(await findLicenseById(refusing(404), 'Nope')).toBeUndefined()
    await expect(findLicenseById(refusing(503), 'MIT')).rejects.toBeInstanceOf(ApiError)
  })
})
