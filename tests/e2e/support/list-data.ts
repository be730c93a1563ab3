import { randomUUID } from 'node:crypto'
import { ADMIN_PASSWORD, apiFor } from './api.ts'

/**
 * A CycloneDX BOM whose application depends on `count` libraries named `lib-001`, `lib-002`, …
 * (so name order is predictable); without `graph` it records no dependencies at all.
 */
export function numberedBom(appName: string, count: number, { graph = true } = {}) {
  const names = Array.from(
    { length: count },
    (_, index) => `lib-${String(index + 1).padStart(3, '0')}`,
  )
  return Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      serialNumber: `urn:uuid:${randomUUID()}`,
      version: 1,
      metadata: {
        component: { type: 'application', name: appName, version: '1.0.0', 'bom-ref': 'app' },
      },
      components: names.map((name) => ({
        type: 'library',
        name,
        version: '1.0.0',
        purl: `pkg:npm/${name}@1.0.0`,
        'bom-ref': name,
      })),
      ...(graph ? { dependencies: [{ ref: 'app', dependsOn: names }] } : {}),
    }),
  )
}

/** Uploads a BOM through the API (as a CI client does) and answers its processing token. */
export async function uploadBom(baseUrl: string, projectUuid: string, bom: Buffer) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/bom', {
    token: await api.adminToken(),
    json: { project: projectUuid, bom: bom.toString('base64') },
  })
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${response.text}`)
  return (JSON.parse(response.text) as { token: string }).token
}

/** Uploads a BOM and waits until the server has processed it. */
export async function uploadBomAndWait(baseUrl: string, projectUuid: string, bom: Buffer) {
  const token = await uploadBom(baseUrl, projectUuid, bom)
  const api = apiFor(baseUrl)
  const adminToken = await api.adminToken()
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/v1/event/token/${token}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    })
    const { processing } = (await response.json()) as { processing: boolean }
    if (!processing) return token
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the BOM was not processed in 30 s')
}

/**
 * On a fresh server, replaces the first-start admin password with the one the test helpers sign
 * in with, so they can set up users and projects there too.
 */
export async function releaseAdmin(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/v1/user/forceChangePassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'admin',
      password: 'admin',
      newPassword: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
    }),
  })
  if (response.status !== 200) throw new Error(`admin password change failed: ${response.status}`)
}
