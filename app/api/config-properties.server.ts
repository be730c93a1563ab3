import { z } from 'zod'
import type { ApiClient } from './client.server.ts'

/** What the API shows instead of a secret, and takes back as "unchanged". */
export const HIDDEN_SECRET = 'HiddenDecryptedPropertyPlaceholder'

const ConfigPropertySchema = z
  .object({
    groupName: z.string(),
    propertyName: z.string(),
    propertyValue: z.string().optional(),
  })
  .loose()

/** One group's settings by property name (unset ones are absent; secrets as the placeholder). */
export async function readGroupSettings(
  api: ApiClient,
  group: string,
): Promise<Record<string, string>> {
  const properties = await api.json(z.array(ConfigPropertySchema), '/v1/configProperty')
  return Object.fromEntries(
    properties
      .filter((property) => property.groupName === group)
      .flatMap((property) =>
        property.propertyValue === undefined
          ? []
          : [[property.propertyName, property.propertyValue] as const],
      ),
  )
}

/**
 * Saves settings as the 4.13 console does (POST /configProperty/aggregate, empty strings as
 * null); answers the API's sentence for each one it refused.
 */
export async function saveGroupSettings(
  api: ApiClient,
  group: string,
  settings: Record<string, string | boolean | number | null | undefined>,
): Promise<string[]> {
  const items = Object.entries(settings)
    .filter(([, value]) => value !== undefined)
    .map(([propertyName, value]) => ({
      groupName: group,
      propertyName,
      propertyValue: value === '' || value === null ? null : String(value),
    }))
  const results = await api.json(z.array(z.unknown()), '/v1/configProperty/aggregate', {
    method: 'POST',
    json: items,
  })
  return results.filter((result): result is string => typeof result === 'string')
}
