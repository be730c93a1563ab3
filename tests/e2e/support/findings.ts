import { createProject } from './api.ts'
import {
  assignVulnerability,
  CVSS_V3,
  seedComponent,
  seedInternalVulnerability,
  uniqueVulnPrefix,
} from './vulnerabilities.ts'

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
