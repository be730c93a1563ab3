import { randomBytes, randomUUID } from 'node:crypto'
import { apiFor, createProject } from './api.ts'

/**
 * A CycloneDX 1.5 BOM with a small dependency graph:
 * app → web-framework → (router → path-parser → left-pad), left-pad
 * app → org.acme util 2.0 (no PURL) → left-pad
 * app → payments-api (a service)
 */
export function graphBom(appName: string) {
  const library = (ref: string, name: string, version: string, purl?: string) => ({
    type: 'library',
    name,
    version,
    ...(purl ? { purl } : {}),
    'bom-ref': ref,
  })
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      component: { type: 'application', name: appName, version: '1.0.0', 'bom-ref': 'app' },
    },
    components: [
      library('wf', 'web-framework', '4.0.0', 'pkg:npm/web-framework@4.0.0'),
      library('router', 'router', '1.2.0', 'pkg:npm/router@1.2.0'),
      library('pp', 'path-parser', '0.3.0', 'pkg:npm/path-parser@0.3.0'),
      library('lp', 'left-pad', '1.3.0', 'pkg:npm/left-pad@1.3.0'),
      { ...library('util', 'util', '2.0'), group: 'org.acme' },
    ],
    services: [{ name: 'payments-api', 'bom-ref': 'svc' }],
    dependencies: [
      { ref: 'app', dependsOn: ['wf', 'util', 'svc'] },
      { ref: 'wf', dependsOn: ['router', 'lp'] },
      { ref: 'router', dependsOn: ['pp'] },
      { ref: 'pp', dependsOn: ['lp'] },
      { ref: 'util', dependsOn: ['lp'] },
    ],
  }
}

/** A project whose BOM has been ingested; answers its uuid and its components' uuids by name. */
export async function projectWithGraph(baseUrl: string) {
  const project = await createProject(baseUrl, {
    name: `graph-${randomBytes(3).toString('hex')}`,
  })
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const bom = Buffer.from(JSON.stringify(graphBom(project.name))).toString('base64')
  const upload = await api.put('/api/v1/bom', { token, json: { project: project.uuid, bom } })
  if (upload.status !== 200) throw new Error(`BOM upload failed: ${upload.status} ${upload.text}`)
  const { token: event } = JSON.parse(upload.text) as { token: string }
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${baseUrl}/api/v1/event/token/${event}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const { processing } = (await response.json()) as { processing: boolean }
    if (!processing) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const response = await fetch(`${baseUrl}/api/v1/component/project/${project.uuid}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const components = (await response.json()) as { uuid: string; name: string }[]
  const uuidOf = Object.fromEntries(components.map((component) => [component.name, component.uuid]))
  return { ...project, uuidOf }
}
