import {
  componentPropertiesNamed,
  deleteComponentProperty as deletePropertyRow,
  insertComponentProperty,
  listComponentProperties,
  type ComponentPropertyRow,
} from '../../data/components.ts'
import type { Queryable } from '../../db/database.ts'
import { HttpError, textError } from '../../lib/errors.ts'
import { normaliseValue } from '../config/properties.ts'
import type { ComponentPropertyInput } from './schemas.ts'

export { listComponentProperties }

const TYPED = new Set(['BOOLEAN', 'INTEGER', 'NUMBER', 'URL', 'UUID'])

/** The stored form of a typed value; a value of the wrong type is stored as null. */
function storedValue(input: ComponentPropertyInput): string | null {
  const value = input.propertyValue ?? null
  if (!TYPED.has(input.propertyType)) return value
  const row = {
    group_name: input.groupName ?? '',
    property_name: input.propertyName,
    property_value: null,
    property_type: input.propertyType,
    description: null,
  }
  try {
    const normalised = normaliseValue(row, value, new Uint8Array())
    return normalised === 'unchanged' ? null : normalised
  } catch (error) {
    if (error instanceof HttpError) return null
    throw error
  }
}

/**
 * Several properties may share a group and name; only the same group, name and value is a
 * conflict. As in Dependency-Track, a value that does not fit the type leaves the new
 * property without a value.
 */
export async function createComponentProperty(
  db: Queryable,
  componentId: number | string,
  input: ComponentPropertyInput,
): Promise<ComponentPropertyRow> {
  const groupName = input.groupName ?? null
  const value = storedValue(input)
  const siblings = await componentPropertiesNamed(db, componentId, groupName, input.propertyName)
  const sent = input.propertyValue ?? null
  if (
    siblings.some(
      (p) => p.property_value === sent || (value !== null && p.property_value === value),
    )
  ) {
    throw textError(
      409,
      'A property with the specified component/group/name/value combination already exists.',
    )
  }
  return insertComponentProperty(db, componentId, {
    group_name: groupName,
    property_name: input.propertyName,
    property_value: value,
    property_type: input.propertyType,
    description: input.description ?? null,
  })
}

export async function deleteComponentProperty(
  db: Queryable,
  componentId: number | string,
  propertyUuid: string,
) {
  const deleted = await deletePropertyRow(db, componentId, propertyUuid)
  if (deleted === 0) throw textError(404, 'The component property could not be found.')
}
