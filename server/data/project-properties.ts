import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

export interface ProjectPropertyRow {
  project_id: number
  group_name: string
  property_name: string
  property_value: string | null
  property_type: string
  description: string | null
}

const PROPERTY_COLUMNS =
  'project_id, group_name, property_name, property_value, property_type, description'

export function propertiesOfProjects(db: Queryable, projectIds: number[]) {
  return db.query<ProjectPropertyRow>(
    `SELECT ${PROPERTY_COLUMNS} FROM project_property WHERE project_id = ANY($1::bigint[])
     ORDER BY group_name, property_name`,
    [projectIds],
  )
}

export function findProjectProperty(
  db: Queryable,
  projectId: number,
  groupName: string,
  propertyName: string,
) {
  return maybeOne<ProjectPropertyRow>(
    db,
    `SELECT ${PROPERTY_COLUMNS} FROM project_property
     WHERE project_id = $1 AND group_name = $2 AND property_name = $3`,
    [projectId, groupName, propertyName],
  )
}

/** Returns false when the (project, group, name) combination already exists. */
export async function insertProjectProperty(db: Queryable, row: ProjectPropertyRow) {
  const rows = await db.query(
    `INSERT INTO project_property (${PROPERTY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (project_id, group_name, property_name) DO NOTHING RETURNING id`,
    [
      row.project_id,
      row.group_name,
      row.property_name,
      row.property_value,
      row.property_type,
      row.description,
    ],
  )
  return rows.length > 0
}

export async function setProjectPropertyValue(
  db: Queryable,
  key: { projectId: number; groupName: string; propertyName: string },
  value: string | null,
) {
  await db.query(
    `UPDATE project_property SET property_value = $4
     WHERE project_id = $1 AND group_name = $2 AND property_name = $3`,
    [key.projectId, key.groupName, key.propertyName, value],
  )
}

export async function deleteProjectProperty(
  db: Queryable,
  projectId: number,
  groupName: string,
  propertyName: string,
) {
  const rows = await db.query(
    `DELETE FROM project_property WHERE project_id = $1 AND group_name = $2
       AND property_name = $3 RETURNING id`,
    [projectId, groupName, propertyName],
  )
  return rows.length > 0
}

export async function copyProjectProperties(db: Queryable, fromId: number, toId: number) {
  await db.query(
    `INSERT INTO project_property (${PROPERTY_COLUMNS})
     SELECT $2, group_name, property_name, property_value, property_type, description
     FROM project_property WHERE project_id = $1`,
    [fromId, toId],
  )
}
