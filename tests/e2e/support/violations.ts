import { randomBytes, randomUUID } from 'node:crypto'
import { apiFor, createProject } from './api.ts'
import { uploadBomAndWait } from './list-data.ts'

export const VIOLATION_AUDITOR = [
  'VIEW_PORTFOLIO',
  'VIEW_POLICY_VIOLATION',
  'POLICY_VIOLATION_ANALYSIS',
]

/** A BOM of npm packages named `<prefix>-<name>`. */
function bomOf(prefix: string, names: string[]) {
  return Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      serialNumber: `urn:uuid:${randomUUID()}`,
      version: 1,
      metadata: { component: { type: 'application', name: `${prefix}-app`, version: '1.0.0' } },
      components: names.map((name) => ({
        type: 'library',
        name: `${prefix}-${name}`,
        version: '1.0.0',
        purl: `pkg:npm/${prefix}-${name}@1.0.0`,
        'bom-ref': `pkg:npm/${prefix}-${name}@1.0.0`,
      })),
    }),
  )
}

/** A policy with one condition, limited to the given projects, as an administrator's script makes it. */
async function createPolicy(
  baseUrl: string,
  policy: { name: string; violationState: string; condition: object; projects: string[] },
) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const created = await api.put('/api/v1/policy', {
    token,
    json: { name: policy.name, operator: 'ANY', violationState: policy.violationState },
  })
  if (created.status !== 201) throw new Error(`policy: ${created.status} ${created.text}`)
  const { uuid } = JSON.parse(created.text) as { uuid: string }
  const condition = await api.put(`/api/v1/policy/${uuid}/condition`, {
    token,
    json: policy.condition,
  })
  if (condition.status !== 201) throw new Error(`condition: ${condition.status} ${condition.text}`)
  for (const project of policy.projects) {
    const limited = await api.post(`/api/v1/policy/${uuid}/project/${project}`, { token })
    if (limited.status !== 200) throw new Error(`limit: ${limited.status} ${limited.text}`)
  }
  return { uuid, name: policy.name }
}

/** Waits until the policy engine has reported `count` violations of the project. */
async function waitForViolations(baseUrl: string, projectUuid: string, count: number) {
  const token = await apiFor(baseUrl).adminToken()
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const response = await fetch(
      `${baseUrl}/api/v1/violation/project/${projectUuid}?suppressed=true`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
    if (response.ok && Number(response.headers.get('X-Total-Count')) >= count) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`project ${projectUuid} never had ${count} violations`)
}

/**
 * Violations unique to the calling test (its prefix is in every name): in project `shop`, the
 * FAIL policy `<prefix> no forbidden` catches `<prefix>-forbidden` by its package URL and the
 * WARN policy `<prefix> no legacy` catches `<prefix>-legacy` by its coordinates; in project
 * `billing`, the FAIL policy catches `<prefix>-forbidden` again. `<prefix>-fine` breaks nothing.
 */
export async function seedViolations(baseUrl: string) {
  const prefix = `pv${randomBytes(3).toString('hex')}`
  const shop = await createProject(baseUrl, { name: `${prefix}-shop`, version: '1.0' })
  const billing = await createProject(baseUrl, { name: `${prefix}-billing`, version: '2.0' })
  const forbidden = await createPolicy(baseUrl, {
    name: `${prefix} no forbidden`,
    violationState: 'FAIL',
    condition: {
      subject: 'PACKAGE_URL',
      operator: 'MATCHES',
      value: `pkg:npm/${prefix}-forbidden@`,
    },
    projects: [shop.uuid, billing.uuid],
  })
  const legacy = await createPolicy(baseUrl, {
    name: `${prefix} no legacy`,
    violationState: 'WARN',
    condition: {
      subject: 'COORDINATES',
      operator: 'MATCHES',
      value: JSON.stringify({ name: `${prefix}-legacy`, version: '*' }),
    },
    projects: [shop.uuid],
  })
  await uploadBomAndWait(baseUrl, shop.uuid, bomOf(prefix, ['forbidden', 'legacy', 'fine']))
  await uploadBomAndWait(baseUrl, billing.uuid, bomOf(prefix, ['forbidden']))
  await waitForViolations(baseUrl, shop.uuid, 2)
  await waitForViolations(baseUrl, billing.uuid, 1)
  return { prefix, shop, billing, forbidden, legacy }
}
