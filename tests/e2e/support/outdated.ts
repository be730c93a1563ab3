import type { FakeNpmRegistry } from '../../support/fakes/npm-registry.ts'
import { randomBytes } from 'node:crypto'
import { apiFor, createProject } from './api.ts'
import { componentUuidByName } from './findings.ts'
import { uploadBomAndWait } from './list-data.ts'
import { assignVulnerability, CVSS_V3, seedInternalVulnerability } from './vulnerabilities.ts'

/**
 * A project with three npm packages whose registry knows newer, older and the same versions:
 * `old` 1.0.0 (latest 2.0.0: outdated), `pre` 2.0.0-rc.1 (latest 1.5.0: unstable), `same` 1.0.0
 * (latest 1.0.0). The project depends on all three (so it has a dependency graph) and an
 * internal vulnerability is recorded on `old` (so it has a finding).
 */
export async function seedOutdatedProject(
  baseUrl: string,
  registry: Pick<FakeNpmRegistry, 'distTags'>,
) {
  const tag = randomBytes(3).toString('hex')
  const names = { old: `e2e-old-${tag}`, pre: `e2e-pre-${tag}`, same: `e2e-same-${tag}` }
  const versions = { old: '1.0.0', pre: '2.0.0-rc.1', same: '1.0.0' }
  registry.distTags.set(names.old, { latest: '2.0.0' })
  registry.distTags.set(names.pre, { latest: '1.5.0', next: '2.0.0-rc.1' })
  registry.distTags.set(names.same, { latest: '1.0.0' })
  const project = await createProject(baseUrl, { name: `outdated-${tag}`, version: '1.0' })
  const keys = Object.keys(names) as Array<keyof typeof names>
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { 'bom-ref': 'app', type: 'application', name: 'app', version: '1' } },
    components: keys.map((key) => ({
      'bom-ref': key,
      type: 'library',
      name: names[key],
      version: versions[key],
      purl: `pkg:npm/${names[key]}@${versions[key]}`,
    })),
    dependencies: [{ ref: 'app', dependsOn: keys }, ...keys.map((ref) => ({ ref }))],
  }
  await uploadBomAndWait(baseUrl, project.uuid, Buffer.from(JSON.stringify(bom)))
  const vulnId = `INT-e2e-outdated-${tag}`
  await seedInternalVulnerability(baseUrl, {
    vulnId,
    title: 'Prototype pollution in the outdated package',
    cvssV3Vector: CVSS_V3.critical,
  })
  await assignVulnerability(
    baseUrl,
    vulnId,
    await componentUuidByName(baseUrl, project.uuid, names.old),
  )
  return { project, names, vulnId }
}

/** Creates an npm repository through the API (the console test creates its own in the UI). */
export async function createNpmRepository(baseUrl: string, identifier: string, url: string) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/repository', {
    token: await api.adminToken(),
    json: { type: 'NPM', identifier, url, enabled: true, internal: false },
  })
  if (response.status !== 201) throw new Error(`repository creation failed: ${response.status}`)
}
