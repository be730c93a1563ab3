import { createProject } from './api.ts'
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
