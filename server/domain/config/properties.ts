import type { Queryable } from '../../db/database.ts'
import {
  findConfigProperty,
  listConfigProperties,
  setConfigPropertyValue,
  type ConfigPropertyRow,
} from '../../data/config-properties.ts'
import { HttpError, textError } from '../../lib/errors.ts'
import { CONFIG_PROPERTY_CATALOGUE } from './catalogue.ts'
import { decryptValue, encryptValue } from './crypto.ts'

export const HIDDEN_PLACEHOLDER = 'HiddenDecryptedPropertyPlaceholder'
const BOM_VALIDATION_MODES = ['ENABLED', 'DISABLED', 'ENABLED_FOR_TAGS', 'DISABLED_FOR_TAGS']
const PUBLIC = new Set(
  CONFIG_PROPERTY_CATALOGUE.filter((p) => p.isPublic).map(
    (p) => `${p.groupName}/${p.propertyName}`,
  ),
)

export const isPublicProperty = (groupName: string, propertyName: string) =>
  PUBLIC.has(`${groupName}/${propertyName}`)

export function configPropertyJson(row: ConfigPropertyRow) {
  const value = row.property_type === 'ENCRYPTEDSTRING' ? HIDDEN_PLACEHOLDER : row.property_value
  return {
    groupName: row.group_name,
    propertyName: row.property_name,
    ...(value === null ? {} : { propertyValue: value }),
    propertyType: row.property_type,
    ...(row.description === null ? {} : { description: row.description }),
  }
}

/** Dependency-Track's per-type rules; returns the value to store, or 'unchanged' for the placeholder. */
export function normaliseValue(
  row: ConfigPropertyRow,
  value: string | null,
  encryptionKey: Uint8Array,
): string | null | 'unchanged' {
  const name = row.property_name
  switch (row.property_type) {
    case 'BOOLEAN':
      return String(value !== null && ['true', '1'].includes(value.trim().toLowerCase()))
    case 'INTEGER': {
      if (value === null || !/^[+-]?\d+$/.test(value.trim())) {
        throw textError(400, 'The property expected an integer and an integer was not sent.')
      }
      const number = Number.parseInt(value.trim(), 10)
      if (row.group_name === 'task-scheduler' && number <= 0) {
        throw textError(
          400,
          `A Task scheduler cadence (${name}) cannot be inferior to one hour.A value of ${number} was provided.`,
        )
      }
      if (row.group_name === 'risk-score' && number < 0) {
        throw textError(400, `A risk score weight (${name}) cannot be negative.`)
      }
      if (name === 'consistency.check.delta.threshold' && (number < 1 || number > 100)) {
        throw textError(
          400,
          `Lucene index delta threshold (${name}) cannot be inferior to 1 or superior to 100.A value of ${number} was provided.`,
        )
      }
      return String(number)
    }
    case 'NUMBER':
      if (value === null || value.trim() === '' || Number.isNaN(Number(value))) {
        throw textError(400, 'The property expected a number and a number was not sent.')
      }
      return value
    case 'URL':
      if (value === null) return null
      try {
        return new URL(value).toString()
      } catch {
        throw textError(400, 'The property expected a URL but the URL was malformed.')
      }
    case 'UUID':
      if (
        value === null ||
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
      ) {
        throw textError(400, 'The property expected a UUID but a valid UUID was not sent.')
      }
      return value
    case 'ENCRYPTEDSTRING':
      if (value === HIDDEN_PLACEHOLDER) return 'unchanged'
      return value === null ? null : encryptValue(encryptionKey, value)
  }
  if (name === 'google.osv.enabled' && value !== null && value.trim() !== '') {
    return [
      ...new Set(
        value
          .split(';')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ].join(';')
  }
  if (name === 'bom.validation.mode') {
    if (value === null || !BOM_VALIDATION_MODES.includes(value)) {
      throw textError(400, `Value must be any of: ${BOM_VALIDATION_MODES.join(', ')}`)
    }
  }
  if (name === 'bom.validation.tags.inclusive' || name === 'bom.validation.tags.exclusive') {
    try {
      const parsed: unknown = JSON.parse(value ?? '')
      if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string'))
        throw new Error()
      return JSON.stringify(parsed)
    } catch {
      throw textError(400, 'Value must be a valid JSON array of strings')
    }
  }
  return value
}

export interface ConfigPropertyUpdate {
  groupName: string
  propertyName: string
  propertyValue: string | null
}

export interface ConfigPropertyKey {
  groupName: string
  propertyName: string
}

/**
 * Applies one update; 304 for an unchanged secret, 404 for an unknown property. A property whose
 * stored value now differs is added to `changed` (a new secret always counts as a change).
 */
export async function updateConfigProperty(
  db: Queryable,
  update: ConfigPropertyUpdate,
  encryptionKey: Uint8Array,
  changed: ConfigPropertyKey[] = [],
) {
  const row = await findConfigProperty(db, update.groupName, update.propertyName)
  if (!row) throw textError(404, 'The config property could not be found.')
  const value = normaliseValue(row, update.propertyValue, encryptionKey)
  if (value === 'unchanged') throw new HttpError(304)
  await setConfigPropertyValue(db, row.group_name, row.property_name, value)
  if (value !== row.property_value) {
    changed.push({ groupName: row.group_name, propertyName: row.property_name })
  }
  return configPropertyJson({ ...row, property_value: value })
}

/** Applies each update in turn: its JSON, the error text of a refused one, or null if unchanged. */
export async function updateConfigProperties(
  db: Queryable,
  updates: ConfigPropertyUpdate[],
  encryptionKey: Uint8Array,
  changed: ConfigPropertyKey[] = [],
) {
  const results: Array<ReturnType<typeof configPropertyJson> | string | null> = []
  for (const update of updates) {
    try {
      results.push(await updateConfigProperty(db, update, encryptionKey, changed))
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      // Every refusal here is one of normaliseValue's plain-text sentences.
      results.push(error.status === 304 ? null : (error.body as string))
    }
  }
  return results
}

export async function listAllConfigProperties(db: Queryable) {
  return (await listConfigProperties(db)).map(configPropertyJson)
}

/** Only the public catalogue entries are readable anonymously; a known other one is 403. */
export async function readPublicProperty(db: Queryable, groupName: string, propertyName: string) {
  const row = await findConfigProperty(db, groupName, propertyName)
  if (!isPublicProperty(groupName, propertyName) && row) throw new HttpError(403)
  if (!row || !isPublicProperty(groupName, propertyName)) {
    throw textError(404, 'The config property could not be found.')
  }
  return configPropertyJson(row)
}

/** A property's value for the server's own use: secrets decrypted, null when unset or unknown. */
export async function readConfigValue(
  db: Queryable,
  groupName: string,
  propertyName: string,
  encryptionKey: Uint8Array,
): Promise<string | null> {
  const row = await findConfigProperty(db, groupName, propertyName)
  const value = row?.property_value ?? null
  if (value === null || row?.property_type !== 'ENCRYPTEDSTRING') return value
  return decryptValue(encryptionKey, value)
}
