import { expect } from 'vitest'
import type { VulnerableSoftwareInput } from '../../server/domain/vulnerabilities/model.ts'
import type { apiClient } from './api-client.ts'

type Api = ReturnType<typeof apiClient>

export interface BomComponent {
  name: string
  version?: string
  group?: string
  purl?: string
  cpe?: string
}

/** A CycloneDX 1.5 JSON BOM of library components. */
export function bomOf(components: BomComponent[]): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    components: components.map((c, index) => ({
      type: 'library',
      'bom-ref': `c${index}`,
      ...c,
    })),
  })
}

/** A purl-identified affected range, as the OSV and GitHub mirrors store one. */
export function purlRange(
  purl: { type: string; namespace?: string | null; name: string },
  range: Partial<VulnerableSoftwareInput>,
): VulnerableSoftwareInput {
  const coordinates = `pkg:${purl.type}/${purl.namespace ? `${purl.namespace}/` : ''}${purl.name}`
  return {
    purl: coordinates,
    purlType: purl.type,
    purlNamespace: purl.namespace ?? null,
    purlName: purl.name,
    ...range,
  }
}

/** A CPE-identified range, as the NVD mirror stores one. */
export function cpeRange(cpe23: string, range: Partial<VulnerableSoftwareInput>) {
  const [part, vendor, product, version] = cpe23.split(':').slice(2)
  return { cpe23, part, vendor, product, version, ...range } as VulnerableSoftwareInput
}

export function analysisClient(api: () => Api, token: () => string) {
  const waitForToken = (value: string, timeoutMs?: number) =>
    api().waitForToken(value, token(), timeoutMs)

  async function upload(projectUuid: string, bom: string) {
    const response = await api().request('PUT', '/v1/bom', {
      token: token(),
      json: { project: projectUuid, bom: Buffer.from(bom).toString('base64') },
    })
    expect(response.status, response.text).toBe(200)
    return response.json.token as string
  }

  return { waitForToken, upload }
}
