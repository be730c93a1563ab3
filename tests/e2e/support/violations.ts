import { randomBytes, randomUUID } from 'node:crypto'
import { apiFor, createProject } from './api.ts'
import { uploadBomAndWait } from './list-data.ts'
import { licenseUuid } from './licenses.ts'
import { createPolicy } from './policies.ts'

export const VIOLATION_AUDITOR = [
  'VIEW_PORTFOLIO',
  'VIEW_POLICY_VIOLATION',
  'POLICY_VIOLATION_ANALYSIS',
]

/** A BOM of npm packages named `<prefix>-<name>`, `<prefix>-copyleft` under the GPL 3.0. */
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
        licenses: name === 'copyleft' ? [{ license: { id: 'GPL-3.0-only' } }] : undefined,
      })),
    }),
  )
}

/** A policy with one condition, limited to the given projects, as an administrator's script makes it. */
async function policyWithCondition(
  baseUrl: string,
  policy: { name: string; violationState: string; condition: object; projects: string[] },
) {
  const { uuid, name } = await createPolicy(baseUrl, policy.name, {
    violationState: policy.violationState,
  })
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const condition = await api.put(`/api/v1/policy/${uuid}/condition`, {
    token,
    json: policy.condition,
  })
  if (condition.status !== 201) throw new Error(`condition: ${condition.status} ${condition.text}`)
  for (const project of policy.projects) {
    const limited = await api.post(`/api/v1/policy/${uuid}/project/${project}`, { token })
    if (limited.status !== 200) throw new Error(`limit: ${limited.status} ${limited.text}`)
  }
  return { uuid, name }
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
 * Violations unique to the calling test (its prefix is in every name). In project `shop`: the
 * FAIL policy `<prefix> no copyleft` catches `<prefix>-copyleft` by its license (GPL-3.0-only),
 * the FAIL policy `<prefix> no forbidden` catches `<prefix>-forbidden` by its package URL and
 * the WARN policy `<prefix> no legacy` catches `<prefix>-legacy` by its coordinates. In project
 * `billing`, `<prefix> no forbidden` catches `<prefix>-forbidden` again. `<prefix>-fine` breaks
 * nothing.
 */
export async function seedViolations(baseUrl: string) {
  const prefix = `pv${randomBytes(3).toString('hex')}`
  const shop = await createProject(baseUrl, { name: `${prefix}-shop`, version: '1.0' })
  const billing = await createProject(baseUrl, { name: `${prefix}-billing`, version: '2.0' })
  const forbidden = await policyWithCondition(baseUrl, {
    name: `${prefix} no forbidden`,
    violationState: 'FAIL',
    condition: {
      subject: 'PACKAGE_URL',
      operator: 'MATCHES',
      value: `pkg:npm/${prefix}-forbidden@`,
    },
    projects: [shop.uuid, billing.uuid],
  })
  const legacy = await policyWithCondition(baseUrl, {
    name: `${prefix} no legacy`,
    violationState: 'WARN',
    condition: {
      subject: 'COORDINATES',
      operator: 'MATCHES',
      value: JSON.stringify({ name: `${prefix}-legacy`, version: '*' }),
    },
    projects: [shop.uuid],
  })
  const copyleft = await policyWithCondition(baseUrl, {
    name: `${prefix} no copyleft`,
    violationState: 'FAIL',
    condition: {
      subject: 'LICENSE',
      operator: 'IS',
      value: await licenseUuid(baseUrl, 'GPL-3.0-only'),
    },
    projects: [shop.uuid],
  })
  const shopBom = bomOf(prefix, ['copyleft', 'forbidden', 'legacy', 'fine'])
  await uploadBomAndWait(baseUrl, shop.uuid, shopBom)
  await uploadBomAndWait(baseUrl, billing.uuid, bomOf(prefix, ['forbidden']))
  await waitForViolations(baseUrl, shop.uuid, 3)
  await waitForViolations(baseUrl, billing.uuid, 1)
  return { prefix, shop, billing, copyleft, forbidden, legacy }
}
