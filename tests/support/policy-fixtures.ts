import { expect } from 'vitest'
import { violationTypeOf } from '../../common/dt-vocabulary.ts'
import { POLICY_PORTFOLIO_EVALUATION_JOB } from '../../server/domain/policies/model.ts'
import type { apiClient } from './api-client.ts'
import type { TestServer } from './api-server.ts'
import { insertLicense, insertLicenseGroup } from './policy-rows.ts'

type Api = ReturnType<typeof apiClient>
type Json = Record<string, any>

/**
 * Helpers for tests of the policy API: policies, projects and tags through the API; licenses and
 * license groups straight into the tables of migration 0013 (their API is another family's).
 */
export function policyFixtures(server: () => TestServer, api: () => Api, token: () => string) {
  const sql = (text: string, params: unknown[] = []) =>
    server().lookout.ctx!.db.query<Record<string, any>>(text, params)

  let sequence = 0
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++sequence}`

  const call = (method: string, path: string, json?: unknown, auth: Json = { token: token() }) =>
    api().request(method, path, { ...auth, ...(json === undefined ? {} : { json }) })

  const insertLicenseRow = (licenseId: string, name = `${licenseId} License`) =>
    insertLicense(sql, licenseId, name)
  const insertGroupRow = (name: string, riskWeight: number, licenseIds: string[]) =>
    insertLicenseGroup(sql, name, licenseIds, riskWeight)

  async function createPolicy(name = unique('policy'), extra: Json = {}) {
    const response = await call('PUT', '/v1/policy', { name, ...extra })
    expect(response.status, response.text).toBe(201)
    return response.json as Json
  }

  async function addCondition(
    policyUuid: string,
    subject: string,
    operator: string,
    value: string,
  ) {
    const response = await call('PUT', `/v1/policy/${policyUuid}/condition`, {
      subject,
      operator,
      value,
    })
    expect(response.status, response.text).toBe(201)
    return response.json as Json
  }

  async function createProject(name = unique('project'), version?: string, tags: string[] = []) {
    const response = await call('PUT', '/v1/project', {
      name,
      version,
      tags: tags.map((tag) => ({ name: tag })),
    })
    expect(response.status, response.text).toBe(201)
    return response.json as Json
  }

  async function createTag(name = unique('tag')) {
    const response = await call('PUT', '/v1/tag', [name])
    expect(response.status, response.text).toBe(201)
    return name.toLowerCase()
  }

  /** An API key of a new team holding exactly these permissions. */
  async function apiKeyWith(permissions: string[]) {
    const team = await call('PUT', '/v1/team', { name: unique('team') })
    expect(team.status, team.text).toBe(201)
    for (const permission of permissions) {
      const granted = await call('POST', `/v1/permission/${permission}/team/${team.json.uuid}`)
      expect(granted.status, granted.text).toBe(200)
    }
    const key = await call('PUT', `/v1/team/${team.json.uuid}/key`)
    expect(key.status, key.text).toBe(201)
    return key.json.key as string
  }

  /**
   * A violation of a SEVERITY (IS), CPE or PACKAGE_URL (MATCHES) condition, inserted directly, by
   * a new component made to violate it for real: policy changes queue an evaluation of the
   * portfolio, which keeps true violations and removes the others.
   */
  async function insertViolation(conditionUuid: string, projectUuid: string, name = unique('c')) {
    const [condition] = await sql(
      'SELECT subject, operator, value FROM policy_condition WHERE uuid = $1',
      [conditionUuid],
    )
    const { subject, operator, value } = condition!
    const matching = operator === 'MATCHES'
    const cpe =
      subject === 'CPE' && matching && value === 'cpe:*' ? `cpe:2.3:a:acme:${name}:1.0` : null
    const purl = subject === 'PACKAGE_URL' && matching ? `${value}@1.0` : null
    if (!(subject === 'SEVERITY' && operator === 'IS') && !cpe && !purl) {
      throw new Error(`insertViolation cannot make a component violate ${subject} ${operator}`)
    }
    const [component] = await sql(
      `INSERT INTO component (project_id, name, version, cpe, purl)
       SELECT id, $2, '1.0', $3, $4 FROM project WHERE uuid = $1 RETURNING id, project_id`,
      [projectUuid, name, cpe, purl],
    )
    if (subject === 'SEVERITY') {
      await sql(
        `WITH v AS (INSERT INTO vulnerability (vuln_id, source, severity) VALUES ($2, 'INTERNAL', $3)
           RETURNING id)
         INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
         SELECT $4, $1, v.id, 'NONE' FROM v`,
        [component!.id, unique('INT'), value, component!.project_id],
      )
    }
    const [violation] = await sql(
      `INSERT INTO policy_violation (type, project_id, component_id, policy_condition_id)
       SELECT $4, $1, $2, id FROM policy_condition WHERE uuid = $3
       ON CONFLICT (component_id, policy_condition_id, type) DO UPDATE SET text = NULL
       RETURNING id`,
      [component!.project_id, component!.id, conditionUuid, violationTypeOf(subject)],
    )
    return Number(violation!.id)
  }

  /** Portfolio evaluations queued because policies changed (whatever became of them since). */
  async function reevaluations() {
    const rows = await sql(
      `SELECT count(*)::int AS n FROM job WHERE kind = $1 AND payload->>'reason' = 'POLICY_CHANGE'`,
      [POLICY_PORTFOLIO_EVALUATION_JOB],
    )
    return Number(rows[0]!.n)
  }

  /** Forgets queued evaluations, so a test sees only the ones its own change queued. */
  async function clearReevaluations() {
    await sql(`DELETE FROM job WHERE kind = $1`, [POLICY_PORTFOLIO_EVALUATION_JOB])
  }

  return {
    sql,
    unique,
    call,
    createPolicy,
    addCondition,
    createProject,
    createTag,
    apiKeyWith,
    insertLicense: insertLicenseRow,
    insertLicenseGroup: insertGroupRow,
    insertViolation,
    reevaluations,
    clearReevaluations,
  }
}
