import { z } from 'zod'
import type { Database, Queryable } from '../../db/database.ts'
import {
  deleteProjectProperty,
  findProjectProperty,
  insertProjectProperty,
  propertiesOfProjects,
  setProjectPropertyValue,
  type ProjectPropertyRow,
} from '../../data/project-properties.ts'
import { HttpError, problem, textError, validationError } from '../../lib/errors.ts'
import { normaliseValue } from '../config/properties.ts'
import { configKeyOf } from '../system/installation-keys.ts'
import type { ProjectAccess } from './access.ts'
import { PROPERTY_TYPES } from '../../../common/dt-vocabulary.ts'
import { beanError } from './input.ts'
import { requireProject } from './queries.ts'

const Text = z.string().nullish()
export const PropertyBody = z.object({
  groupName: Text,
  propertyName: Text,
  propertyValue: z
    .union([z.string(), z.number(), z.boolean()])
    .nullish()
    .transform((value) => (value === undefined || value === null ? null : String(value))),
  propertyType: Text,
  description: Text,
})
export type PropertyBody = z.infer<typeof PropertyBody>

const NO_CONTROL = /^\P{Cc}+$/u

/** Config properties' per-type rules, without the rules tied to particular config names. */
function storedValue(row: ProjectPropertyRow, value: string | null, key: Uint8Array) {
  return normaliseValue(
    { ...row, group_name: '', property_name: '', property_value: row.property_value },
    value,
    key,
  )
}

function checkCreate(body: PropertyBody) {
  const errors = []
  const name = (path: 'groupName' | 'propertyName') => {
    const value = body[path] ?? null
    if (value === null || value.trim() === '')
      errors.push(beanError(path, 'must not be blank', value))
    else if (value.length > 255)
      errors.push(beanError(path, 'size must be between 1 and 255', value))
    else if (!NO_CONTROL.test(value)) {
      errors.push(beanError(path, `The ${path} must not contain control characters`, value))
    }
  }
  name('groupName')
  name('propertyName')
  const value = body.propertyValue
  if (value !== null && value.length > 1024) {
    errors.push(beanError('propertyValue', 'size must be between 0 and 1024', value))
  } else if (value !== null && !NO_CONTROL.test(value)) {
    errors.push(
      beanError('propertyValue', 'The propertyValue must not contain control characters', value),
    )
  }
  const description = body.description ?? null
  if (description !== null && description.length > 255) {
    errors.push(beanError('description', 'size must be between 0 and 255', description))
  } else if (description !== null && !NO_CONTROL.test(description)) {
    errors.push(
      beanError('description', 'The description must not contain control characters', description),
    )
  }
  const type = body.propertyType ?? null
  if (type === null) errors.push(beanError('propertyType', 'must not be null', null))
  if (errors.length > 0) throw validationError(errors)
  if (!(PROPERTY_TYPES as readonly string[]).includes(type!)) {
    throw problem(
      400,
      'The provided JSON payload could not be mapped',
      'Cannot deserialize value of type `alpine.model.IConfigProperty$PropertyType` ' +
        `from String ` +
        `"${type}": not one of the values accepted for Enum class: [${PROPERTY_TYPES.join(', ')}]`,
    )
  }
  return { groupName: body.groupName!, propertyName: body.propertyName!, type: type!, description }
}

export async function listProperties(db: Queryable, access: ProjectAccess, uuid: string) {
  const project = await requireProject(db, access, uuid)
  return propertiesOfProjects(db, [project.id])
}

/** PUT: a value of the wrong type leaves the new property without value (still 201). */
export async function createProperty(
  db: Database,
  access: ProjectAccess,
  uuid: string,
  body: PropertyBody,
): Promise<ProjectPropertyRow> {
  const project = await requireProject(db, access, uuid)
  const checked = checkCreate(body)
  const key = configKeyOf(db)
  const row: ProjectPropertyRow = {
    project_id: project.id,
    group_name: checked.groupName,
    property_name: checked.propertyName,
    property_value: null,
    property_type: checked.type,
    description: checked.description,
  }
  let value: string | null = null
  try {
    const stored = storedValue(row, body.propertyValue, key)
    value = stored === 'unchanged' ? null : stored
  } catch (error) {
    if (!(error instanceof HttpError)) throw error
  }
  const created = await insertProjectProperty(db, { ...row, property_value: value })
  if (!created) {
    throw textError(
      409,
      'A property with the specified project/group/name combination already exists.',
    )
  }
  return { ...row, property_value: value }
}

/** POST: the type is the stored one; the secret placeholder keeps an encrypted value (304). */
export async function updateProperty(
  db: Database,
  access: ProjectAccess,
  uuid: string,
  body: PropertyBody,
): Promise<ProjectPropertyRow> {
  const project = await requireProject(db, access, uuid)
  const existing =
    body.groupName && body.propertyName
      ? await findProjectProperty(db, project.id, body.groupName, body.propertyName)
      : undefined
  if (!existing) {
    throw textError(
      404,
      'A property with the specified project/group/name combination could not be found.',
    )
  }
  const value = storedValue(existing, body.propertyValue, configKeyOf(db))
  if (value === 'unchanged') throw new HttpError(304)
  await setProjectPropertyValue(
    db,
    { projectId: project.id, groupName: existing.group_name, propertyName: existing.property_name },
    value,
  )
  return { ...existing, property_value: value }
}

export async function removeProperty(
  db: Database,
  access: ProjectAccess,
  uuid: string,
  body: PropertyBody | undefined,
) {
  const project = await requireProject(db, access, uuid)
  const deleted =
    body?.groupName && body.propertyName
      ? await deleteProjectProperty(db, project.id, body.groupName, body.propertyName)
      : false
  if (!deleted) throw textError(404, 'The project property could not be found.')
}
