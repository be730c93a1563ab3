import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { createApiClient } from './client.server.ts'
import { uploadBom } from './components.server.ts'

describe('uploadBom', () => {
  it('sends the file as multipart/form-data to POST /v1/bom, byte for byte', async () => {
    const requests: Request[] = []
    const context = {
      apiFetch: async (path: string, init?: RequestInit) => {
        requests.push(new Request(`http://api${path}`, init))
        return Response.json({ token: 'a-token' })
      },
    } as unknown as AppLoadContext
    const bytes = new Uint8Array(64 * 1024).map((_, i) => (i * 31) % 256)
    const project = 'c0ffee00-0000-4000-8000-000000000001'

    const token = await uploadBom(createApiClient(context, 'jwt'), project, new Blob([bytes]))

    expect(token).toBe('a-token')
    const [request] = requests
    expect(request!.method).toBe('POST')
    expect(new URL(request!.url).pathname).toBe('/api/v1/bom')
    expect(request!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const form = await request!.formData()
    expect(form.get('project')).toBe(project)
    const file = form.get('bom') as File
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
  })
})
