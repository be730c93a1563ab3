import { randomUUID } from 'node:crypto'
import { apiFor } from './api.ts'

/** A CycloneDX 1.5 BOM describing three services, one of them nested inside another. */
export function serviceBom(appName: string) {
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: { component: { type: 'application', name: appName, version: '1.0.0' } },
    services: [
      {
        'bom-ref': 'billing',
        provider: {
          name: 'Acme Payments',
          url: ['https://payments.acme.example'],
          contact: [{ name: 'Billing Ops', email: 'ops@acme.example', phone: '+1 555 0100' }],
        },
        group: 'acme',
        name: 'billing-api',
        version: '2.1',
        description: 'Charges customer cards',
        endpoints: ['https://billing.acme.example/v2/charge'],
        authenticated: true,
        'x-trust-boundary': true,
        data: [
          { flow: 'inbound', classification: 'PII' },
          { flow: 'outbound', classification: 'Payment data' },
        ],
        externalReferences: [{ type: 'documentation', url: 'https://docs.acme.example/billing' }],
        services: [{ 'bom-ref': 'fraud', name: 'fraud-check', version: '1.4' }],
      },
      { 'bom-ref': 'mail', name: 'mailer', version: '0.9', authenticated: false },
    ],
  }
}

/** Uploads a BOM as a CI job would and waits until the server has processed it. */
export async function uploadBomAndWait(baseUrl: string, projectUuid: string, bom: unknown) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const upload = await api.put('/api/v1/bom', {
    token,
    json: { project: projectUuid, bom: Buffer.from(JSON.stringify(bom)).toString('base64') },
  })
  if (upload.status !== 200) throw new Error(`BOM upload failed: ${upload.status} ${upload.text}`)
  const processing = JSON.parse(upload.text) as { token: string }
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${baseUrl}/api/v1/event/token/${processing.token}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const state = (await response.json()) as { processing: boolean }
    if (!state.processing) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('BOM processing did not finish')
}

/** The project's services through the API, to check what a screen changed. */
export async function servicesOf(baseUrl: string, projectUuid: string) {
  const api = apiFor(baseUrl)
  const response = await fetch(`${baseUrl}/api/v1/service/project/${projectUuid}`, {
    headers: { Authorization: `Bearer ${await api.adminToken()}` },
  })
  return (await response.json()) as Array<{
    uuid: string
    name: string
    version?: string
    description?: string
    endpoints?: string[]
    provider?: { name?: string }
    data?: unknown[]
    authenticated?: boolean
  }>
}

/** A collection project aggregating its direct children. */
export async function createCollection(baseUrl: string, name: string) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/project', {
    token: await api.adminToken(),
    json: { name, collectionLogic: 'AGGREGATE_DIRECT_CHILDREN', active: true },
  })
  if (response.status !== 201)
    throw new Error(`collection creation failed: ${response.status} ${response.text}`)
  return JSON.parse(response.text) as { uuid: string; name: string }
}
