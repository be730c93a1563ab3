/**
 * License, license group and policy limit rows written straight into the tables of migrations
 * 0013/0014, for tests that must not depend on the API that owns them. One place, so the
 * policy, engine and violation fixtures agree on what such a row is.
 */
export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, any>[]>

/** The license's UUID: the catalogue's own row when the id exists, else a new entry. */
export async function insertLicense(
  sql: Sql,
  licenseId: string,
  name = licenseId,
  flags: { osi?: boolean } = {},
) {
  const [row] = await sql(
    `INSERT INTO license (license_id, name, osi_approved) VALUES ($1, $2, $3)
     ON CONFLICT (license_id) DO UPDATE SET name = license.name RETURNING uuid::text`,
    [licenseId, name, flags.osi ?? false],
  )
  return row!.uuid as string
}

/** A license group holding these licenseIds (catalogue entries created when missing). */
export async function insertLicenseGroup(
  sql: Sql,
  name: string,
  licenseIds: string[],
  riskWeight = 0,
) {
  for (const id of licenseIds) await insertLicense(sql, id)
  const [group] = await sql(
    'INSERT INTO license_group (name, risk_weight) VALUES ($1, $2) RETURNING id, uuid::text',
    [name, riskWeight],
  )
  await sql(
    `INSERT INTO license_group_license (license_group_id, license_id)
     SELECT $1, id FROM license WHERE license_id = ANY($2::text[])`,
    [group!.id, licenseIds],
  )
  return group!.uuid as string
}

/** Limits a policy to a project, which makes it no longer global. */
export async function limitPolicyToProject(sql: Sql, policyUuid: string, projectUuid: string) {
  await sql(
    `INSERT INTO policy_project (policy_id, project_id)
     SELECT po.id, p.id FROM policy po, project p WHERE po.uuid = $1 AND p.uuid = $2`,
    [policyUuid, projectUuid],
  )
}
