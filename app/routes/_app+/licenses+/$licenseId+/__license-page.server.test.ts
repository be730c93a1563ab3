import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { isTextTab } from '~/components/licenses/text-tabs.ts'
import { getToast } from '~/utils/toast.server.ts'
import { deleteLicenseAction, loadLicense } from './__license-page.server.ts'

const context = { sessionSecret: 'test-secret-of-32-characters-long!' } as never
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key

function answering(status: number) {
  const send = vi.fn(async () => {
    if (status >= 400) {
      throw new ApiError({ status, statusText: '', contentType: 'text/plain', body: '' })
    }
    return new Response(null, { status })
  })
  return { api: { send, json: send } as unknown as ApiClient, send }
}

async function outcome(response: Response) {
  const request = new Request('http://console.test/', {
    headers: { Cookie: response.headers.get('set-cookie') ?? '' },
  })
  return { to: response.headers.get('location'), toast: (await getToast(request, context)).toast }
}

describe('deleteLicenseAction', () => {
  it('deletes the custom license and goes back to the list', async () => {
    const { api, send } = answering(204)
    const result = await outcome(await deleteLicenseAction(api, context, t, 'Acme-1.0+'))
    expect(send).toHaveBeenCalledWith('/v1/license/Acme-1.0%2B', { method: 'DELETE' })
    expect(result).toMatchObject({
      to: '/licenses',
      toast: { type: 'success', title: 'licenses.delete.deleted {"id":"Acme-1.0+"}' },
    })
  })

  it('stays on a catalogue license and says only custom ones can go', async () => {
    const result = await outcome(await deleteLicenseAction(answering(409).api, context, t, 'MIT'))
    expect(result).toMatchObject({
      to: '/licenses/MIT',
      toast: { type: 'warning', title: 'licenses.delete.notCustom' },
    })
  })

  it('goes back to the list when the license is already gone', async () => {
    const result = await outcome(await deleteLicenseAction(answering(404).api, context, t, 'Gone'))
    expect(result).toMatchObject({ to: '/licenses', toast: { title: 'licenses.delete.gone' } })
  })

  it('lets a server failure through to the error page', async () => {
    await expect(deleteLicenseAction(answering(500).api, context, t, 'MIT')).rejects.toBeInstanceOf(
      ApiError,
    )
  })
})

describe('loadLicense', () => {
  it('turns an unknown license into the 404 page', async () => {
    await expect(loadLicense(answering(404).api, 'Nope')).rejects.toMatchObject({ status: 404 })
  })
})

describe('isTextTab', () => {
  it('knows the three text tabs and nothing from the object prototype', () => {
    expect(['licenseText', 'template', 'header'].every(isTextTab)).toBe(true)
    expect(['overview', 'toString', 'constructor', undefined].some(isTextTab)).toBe(false)
  })
})
