import type { Queryable } from '../db/database.ts'

/** Components' license columns, read and rewritten when the catalogue changes (§1.7). */

type Id = number | string

export interface ComponentLicenseRow {
  id: Id
  project_id: Id
  /** The stored license choice (jsonb), see domain/licenses/resolve.ts. */
  license_candidates: unknown
  license_id: string | null
  license: string | null
  license_url: string | null
  license_expression: string | null
}

/**
 * The next components after `afterId` (by id) whose stored choice names one of the texts as a
 * license id or name or as the whole expression, or that resolved to one of them; with `texts`
 * null, every component with a stored choice.
 */
export function componentLicensesNaming(
  db: Queryable,
  texts: readonly string[] | null,
  afterId: Id,
  limit: number,
) {
  const naming = `(c.license_id = ANY($1::text[])
    OR c.license_candidates->>'expression' = ANY($1::text[])
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(c.license_candidates->'licenses') e
               WHERE e->>'id' = ANY($1::text[]) OR e->>'name' = ANY($1::text[])))`
  return db.query<ComponentLicenseRow>(
    `SELECT c.id, c.project_id, c.license_candidates, c.license_id, c.license, c.license_url,
            c.license_expression
     FROM component c
     WHERE c.id > $2 AND c.license_candidates IS NOT NULL
       AND ($1::text[] IS NULL OR ${naming})
     ORDER BY c.id LIMIT $3`,
    [texts, afterId, limit],
  )
}

export interface ComponentLicenseUpdate {
  id: Id
  license_id: string | null
  license: string | null
  license_url: string | null
  license_expression: string | null
}

export async function updateComponentLicenses(
  db: Queryable,
  rows: readonly ComponentLicenseUpdate[],
) {
  if (rows.length === 0) return
  await db.query(
    `UPDATE component c SET license_id = u.license_id, license = u.license,
       license_url = u.license_url, license_expression = u.license_expression
     FROM json_to_recordset($1::json) AS u(id bigint, license_id text, license text,
       license_url text, license_expression text)
     WHERE c.id = u.id`,
    [JSON.stringify(rows)],
  )
}
