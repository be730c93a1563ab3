import { apiFor, createProject } from './api.ts'
import {
  assignVulnerability,
  CVSS_V3,
  seedComponent,
  seedInternalVulnerability,
  uniqueVulnPrefix,
} from './vulnerabilities.ts'

/**
 * A project with one component and `count` internal vulnerabilities assigned to it (findings
 * by analyzer NONE, through the assignment API), the first one critical, the others low.
 */
export async function seedFindings(baseUrl: string, count = 2) {
  const prefix = uniqueVulnPrefix()
  const project = await createProject(baseUrl, { name: `findings-${prefix}`, version: '1.0' })
  const component = await seedComponent(baseUrl, project.uuid, `lib-${prefix.toLowerCase()}`)
  const vulnIds: string[] = []
  for (let index = 1; index <= count; index++) {
    const vulnId = `${prefix}-${index}`
    await seedInternalVulnerability(baseUrl, {
      vulnId,
      title: `Flaw number ${index}`,
      description: `The **parser** of flaw ${index} trusts its input.`,
      recommendation: 'Upgrade to a fixed version.',
      cvssV3Vector: index === 1 ? CVSS_V3.critical : CVSS_V3.low,
      cwes: [{ cweId: 79 }],
    })
    await assignVulnerability(baseUrl, vulnId, component.uuid)
    vulnIds.push(vulnId)
  }
  return { prefix, project, component, vulnIds }
}

/**
 * Findings for the audit screens, unique to the calling test (its prefix is in every
 * vulnerability ID, so a text search isolates them): `-crit` (critical) in two projects and
 * `-low` (low) in one; the first project has both, on two components.
 */
export async function seedPortfolioFindings(baseUrl: string) {
  const prefix = uniqueVulnPrefix()
  const critical = `${prefix}-crit`
  const low = `${prefix}-low`
  await seedInternalVulnerability(baseUrl, {
    vulnId: critical,
    title: 'Remote code execution in the template engine',
    cvssV3Vector: CVSS_V3.critical,
    published: '2024-03-01',
    cwes: [{ cweId: 94 }],
  })
  await seedInternalVulnerability(baseUrl, {
    vulnId: low,
    title: 'Timing leak in the comparison helper',
    cvssV3Vector: CVSS_V3.low,
    published: '2023-01-15',
  })
  const shop = await createProject(baseUrl, { name: `${prefix}-shop`, version: '1.0' })
  const billing = await createProject(baseUrl, { name: `${prefix}-billing`, version: '2.0' })
  const templates = await seedComponent(baseUrl, shop.uuid, `${prefix}-templates`)
  const compare = await seedComponent(baseUrl, shop.uuid, `${prefix}-compare`)
  const billingTemplates = await seedComponent(baseUrl, billing.uuid, `${prefix}-templates`)
  await assignVulnerability(baseUrl, critical, templates.uuid)
  await assignVulnerability(baseUrl, low, compare.uuid)
  await assignVulnerability(baseUrl, critical, billingTemplates.uuid)
  return { prefix, critical, low, shop, billing }
}

export const AUDIT_PERMISSIONS = ['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VULNERABILITY_ANALYSIS']

/**
 * A project component's uuid by name, waiting for a BOM still being ingested (a processing
 * token can read as finished just before the components are committed).
 */
export async function componentUuidByName(baseUrl: string, projectUuid: string, name: string) {
  const token = await apiFor(baseUrl).adminToken()
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${baseUrl}/api/v1/component/project/${projectUuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const components = (await response.json()) as Array<{ uuid: string; name: string }>
    const found = components.find((component) => component.name === name)
    if (found) return found.uuid
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`component ${name} never appeared in project ${projectUuid}`)
}
