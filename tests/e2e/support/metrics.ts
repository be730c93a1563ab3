import { randomBytes } from 'node:crypto'
import { apiFor, createProject } from './api.ts'
import { uploadBomAndWait } from './list-data.ts'
import { uniqueVulnPrefix, seedInternalVulnerability } from './vulnerabilities.ts'

interface Measured {
  uuid: string
  name: string
  metrics?: Record<string, number>
}

/**
 * A project measured the whole way through: internal vulnerabilities (one critical, one high),
 * a BOM whose two libraries they affect and one they do not, uploaded and analysed by the
 * server, and its metrics computed by the engine. Expected: critical 1, high 1, risk score 15,
 * 3 components of which 2 vulnerable, 2 findings. With a parent, it is that project's child.
 */
export async function seedMeasuredProject(baseUrl: string, parentUuid?: string) {
  const prefix = randomBytes(3).toString('hex')
  const names = {
    critical: `gateway-${prefix}`,
    high: `parser-${prefix}`,
    clean: `logger-${prefix}`,
  }
  const range = (name: string) => ({
    identityType: 'PURL',
    identity: `pkg:npm/${name}`,
    versionType: 'RANGE',
    versionStartIncluding: '1.0.0',
    versionEndExcluding: '2.0.0',
  })
  const vulnPrefix = uniqueVulnPrefix()
  await seedInternalVulnerability(baseUrl, {
    vulnId: `${vulnPrefix}-crit`,
    title: 'Remote code execution in the gateway',
    severity: 'CRITICAL',
    affectedComponents: [range(names.critical)],
  })
  await seedInternalVulnerability(baseUrl, {
    vulnId: `${vulnPrefix}-high`,
    title: 'Prototype pollution in the parser',
    severity: 'HIGH',
    affectedComponents: [range(names.high)],
  })
  const project = await createProject(baseUrl, { name: `measured-${prefix}`, parentUuid })
  const library = (name: string) => ({
    type: 'library',
    name,
    version: '1.2.0',
    purl: `pkg:npm/${name}@1.2.0`,
  })
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    components: Object.values(names).map(library),
  }
  await uploadBomAndWait(baseUrl, project.uuid, Buffer.from(JSON.stringify(bom)))
  const measured = await waitForMetrics(
    baseUrl,
    project.uuid,
    (metrics) => metrics.vulnerableComponents === 2,
  )
  return { project: measured, names, vulnPrefix }
}

/** Polls the project until its embedded metrics satisfy `done` (analysis and metrics are jobs). */
export async function waitForMetrics(
  baseUrl: string,
  uuid: string,
  done: (metrics: Record<string, number>) => boolean,
) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/v1/project/${uuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const project = (await response.json()) as Measured
    if (project.metrics && done(project.metrics)) return project
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error('the project was not measured in 30 s')
}
