import type { TestServer } from './api-server.ts'
import { insertLicense, insertLicenseGroup, limitPolicyToProject } from './policy-rows.ts'

/**
 * Policies, conditions, licenses, license groups and repository metadata written straight into
 * the tables of migrations 0013 and 0016, for tests of policy evaluation (the policy and license
 * APIs are built apart). Licenses are upserted by licenseId, so the tests hold whether or not the
 * SPDX catalogue was synchronised into the database.
 */

export interface ConditionSpec {
  subject: string
  operator: string
  value: string
}

export interface PolicySpec {
  name: string
  operator?: 'ALL' | 'ANY'
  violationState?: 'INFO' | 'WARN' | 'FAIL'
  includeChildren?: boolean
  onlyLatestProjectVersion?: boolean
  conditions: ConditionSpec[]
  /** Project UUIDs the policy is limited to. */
  projects?: string[]
  /** Tag names the policy is limited to. */
  tags?: string[]
}

export interface ViolationView {
  uuid: string
  component: string
  policy: string
  subject: string
  type: string
  timestamp: Date
}

/** A CycloneDX 1.5 component with licenses: `license` is an id, a name or an expression. */
export interface LicensedComponent {
  name: string
  version?: string
  group?: string
  purl?: string
  licenseId?: string
  licenseName?: string
  expression?: string
  hashes?: { alg: string; content: string }[]
}

/** A BOM whose root depends directly on the components listed in `direct` (by name). */
export function licensedBom(components: LicensedComponent[], direct: string[] = []): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'root' } },
    components: components.map(({ licenseId, licenseName, expression, ...c }) => ({
      type: 'library',
      'bom-ref': c.name,
      ...c,
      ...(licenseId || licenseName
        ? { licenses: [{ license: licenseId ? { id: licenseId } : { name: licenseName } }] }
        : {}),
      ...(expression ? { licenses: [{ expression }] } : {}),
    })),
    dependencies: [{ ref: 'root', dependsOn: direct }],
  })
}

export function evaluationFixtures(server: () => TestServer) {
  const sql = <Row = Record<string, any>>(text: string, params: unknown[] = []) =>
    server().lookout.ctx!.db.query<Row>(text, params)
  const license = (licenseId: string, name?: string) => insertLicense(sql, licenseId, name)
  const licenseGroup = (name: string, licenseIds: string[]) =>
    insertLicenseGroup(sql, name, licenseIds)
  const limitToProject = (policyUuid: string, projectUuid: string) =>
    limitPolicyToProject(sql, policyUuid, projectUuid)

  /** The policy's UUID and its conditions' ids and UUIDs, in order. */
  async function policy(spec: PolicySpec) {
    const [row] = await sql<{ id: string; uuid: string }>(
      `INSERT INTO policy (name, operator, violation_state, include_children,
         only_latest_project_version)
       VALUES ($1, $2, $3, $4, $5) RETURNING id, uuid::text`,
      [
        spec.name,
        spec.operator ?? 'ANY',
        spec.violationState ?? 'INFO',
        spec.includeChildren ?? false,
        spec.onlyLatestProjectVersion ?? false,
      ],
    )
    const conditions: { id: number; uuid: string }[] = []
    for (const c of spec.conditions) {
      const [condition] = await sql<{ id: string; uuid: string }>(
        `INSERT INTO policy_condition (policy_id, subject, operator, value)
         VALUES ($1, $2, $3, $4) RETURNING id, uuid::text`,
        [row!.id, c.subject, c.operator, c.value],
      )
      conditions.push({ id: Number(condition!.id), uuid: condition!.uuid })
    }
    for (const project of spec.projects ?? []) await limitToProject(row!.uuid, project)
    for (const tag of spec.tags ?? []) {
      await sql(`INSERT INTO tag (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [tag])
      await sql(
        `INSERT INTO policy_tag (policy_id, tag_id) SELECT $1, id FROM tag WHERE name = $2`,
        [row!.id, tag],
      )
    }
    return { uuid: row!.uuid, conditions }
  }

  async function deletePolicies() {
    await sql('DELETE FROM policy')
  }

  /** What the package's repository says (dt-behaviour §8.2). */
  async function repositoryMeta(meta: {
    repositoryType: string
    namespace?: string
    name: string
    latestVersion?: string
    published?: Date
  }) {
    await sql(
      `INSERT INTO repository_meta_component (repository_type, namespace, name, latest_version,
         published)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        meta.repositoryType,
        meta.namespace ?? null,
        meta.name,
        meta.latestVersion ?? null,
        meta.published ?? null,
      ],
    )
  }

  /** The project's violations, ordered by component name, policy name and condition. */
  function violations(projectUuid: string) {
    return sql<ViolationView>(
      `SELECT v.uuid::text, c.name AS component, po.name AS policy, pc.subject, v.type,
         v."timestamp"
       FROM policy_violation v
       JOIN component c ON c.id = v.component_id
       JOIN policy_condition pc ON pc.id = v.policy_condition_id
       JOIN policy po ON po.id = pc.policy_id
       JOIN project p ON p.id = v.project_id
       WHERE p.uuid = $1
       ORDER BY c.name, po.name, pc.id`,
      [projectUuid],
    )
  }

  /** `component → policy (subject, type)` lines, for readable assertions. */
  async function violationLines(projectUuid: string) {
    return (await violations(projectUuid)).map(
      (v) => `${v.component} → ${v.policy} (${v.subject}, ${v.type})`,
    )
  }

  /** An audit decision with one comment on a violation, as the violation analysis API writes. */
  async function analyse(violationUuid: string, state: string, suppressed: boolean) {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO violation_analysis (policy_violation_id, project_id, component_id, state,
         suppressed)
       SELECT id, project_id, component_id, $2, $3 FROM policy_violation WHERE uuid = $1
       RETURNING id`,
      [violationUuid, state, suppressed],
    )
    await sql(
      `INSERT INTO violation_analysis_comment (violation_analysis_id, comment, commenter)
       VALUES ($1, $2, 'admin')`,
      [row!.id, `NOT_SET → ${state}`],
    )
  }

  return {
    sql,
    license,
    licenseGroup,
    policy,
    limitToProject,
    deletePolicies,
    repositoryMeta,
    violations,
    violationLines,
    analyse,
  }
}
