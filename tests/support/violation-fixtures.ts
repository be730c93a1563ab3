import { expect } from 'vitest'
import {
  violationTypeOf,
  type ConditionSubject,
  type ConditionOperator,
} from '../../common/dt-vocabulary.ts'
import type { TestServer } from './api-server.ts'
import { insertLicense, limitPolicyToProject } from './policy-rows.ts'

type Row = Record<string, any>

/**
 * Policies, conditions, violations and license rows written straight into the tables of
 * migration 0013, for tests of the violation API that must not depend on the policy API or the
 * evaluation engine.
 */
export function violationFixtures(server: () => TestServer) {
  const sql = (text: string, params: unknown[] = []) =>
    server().lookout.ctx!.db.query<Row>(text, params)

  /**
   * Background work ends first (the analysis of components created through the API and the
   * policy evaluation that follows it), so no evaluation sees the policies written here and
   * removes or pre-empts the violations the test writes.
   */
  const limitToProject = (policyUuid: string, projectUuid: string) =>
    limitPolicyToProject(sql, policyUuid, projectUuid)
  const license = (licenseId: string, name: string, flags: { osi?: boolean } = {}) =>
    insertLicense(sql, licenseId, name, flags)

  async function policy(
    name: string,
    options: { operator?: 'ANY' | 'ALL'; violationState?: 'INFO' | 'WARN' | 'FAIL' } = {},
  ) {
    await server().lookout.worker?.drain()
    const [row] = await sql(
      `INSERT INTO policy (name, operator, violation_state) VALUES ($1, $2, $3) RETURNING uuid`,
      [name, options.operator ?? 'ANY', options.violationState ?? 'INFO'],
    )
    return row!.uuid as string
  }

  async function condition(
    policyUuid: string,
    subject: ConditionSubject,
    operator: ConditionOperator,
    value: string,
  ) {
    const [row] = await sql(
      `INSERT INTO policy_condition (policy_id, subject, operator, value)
       SELECT id, $2, $3, $4 FROM policy WHERE uuid = $1 RETURNING uuid`,
      [policyUuid, subject, operator, value],
    )
    expect(row, `policy ${policyUuid}`).toBeDefined()
    return row!.uuid as string
  }

  /** A violation of the condition by the component, of the type its subject gives, as the engine writes it. */
  async function violation(componentUuid: string, conditionUuid: string, timestamp?: string) {
    const [row] = await sql(
      `INSERT INTO policy_violation (type, project_id, component_id, policy_condition_id, "timestamp")
       SELECT $3, c.project_id, c.id, pc.id, COALESCE($4::timestamptz, now())
       FROM component c, policy_condition pc WHERE c.uuid = $1 AND pc.uuid = $2
       RETURNING uuid`,
      [componentUuid, conditionUuid, await typeOf(conditionUuid), timestamp ?? null],
    )
    expect(row, `${componentUuid} × ${conditionUuid}`).toBeDefined()
    return row!.uuid as string
  }

  async function typeOf(conditionUuid: string) {
    const [row] = await sql('SELECT subject FROM policy_condition WHERE uuid = $1', [conditionUuid])
    return violationTypeOf(row!.subject as ConditionSubject)
  }

  /** Sets what ingest resolved (`licenseId`) and the BOM's license text of a component. */
  async function componentLicense(componentUuid: string, licenseId: string | null, text?: string) {
    await sql('UPDATE component SET license_id = $2, license = $3 WHERE uuid = $1', [
      componentUuid,
      licenseId,
      text ?? null,
    ])
  }

  return { sql, policy, limitToProject, condition, violation, license, componentLicense }
}
