import type { Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

export interface ConfigPropertyRow {
  group_name: string
  property_name: string
  property_value: string | null
  property_type: string
  description: string | null
}

const COLUMNS = 'group_name, property_name, property_value, property_type, description'

export function findConfigProperty(db: Queryable, groupName: string, propertyName: string) {
  return maybeOne<ConfigPropertyRow>(
    db,
    `SELECT ${COLUMNS} FROM config_property WHERE group_name = $1 AND property_name = $2`,
    [groupName, propertyName],
  )
}

export function listConfigProperties(db: Queryable) {
  return db.query<ConfigPropertyRow>(
    `SELECT ${COLUMNS} FROM config_property ORDER BY group_name, property_name`,
  )
}

export async function insertMissingConfigProperties(
  db: Queryable,
  properties: ReadonlyArray<{
    groupName: string
    propertyName: string
    propertyType: string
    defaultValue: string | null
    description: string
  }>,
) {
  await db.query(
    `INSERT INTO config_property (group_name, property_name, property_type, property_value, description)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (group_name, property_name) DO NOTHING`,
    [
      properties.map((p) => p.groupName),
      properties.map((p) => p.propertyName),
      properties.map((p) => p.propertyType),
      properties.map((p) => p.defaultValue),
      properties.map((p) => p.description),
    ],
  )
}

export async function setConfigPropertyValue(
  db: Queryable,
  groupName: string,
  propertyName: string,
  value: string | null,
) {
  await db.query(
    'UPDATE config_property SET property_value = $3 WHERE group_name = $1 AND property_name = $2',
    [groupName, propertyName, value],
  )
}
