import type { AppLoadContext } from '@remix-run/node'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { createApiClient } from './client.server.ts'
import { AboutSchema, ConfigPropertySchema, type About } from './schemas.server.ts'

/**
 * Public, user-independent answers (version, public config, OIDC availability) are cached
 * briefly for every visitor alike; nothing here depends on who asks.
 */
const cache = new LRUCache<string, { value: unknown }>({ max: 100, ttl: 30_000 })

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key)
  if (hit) return hit.value as T
  const value = await load()
  cache.set(key, { value })
  return value
}

export function clearPublicCache() {
  cache.clear()
}

export function getAbout(context: AppLoadContext): Promise<About | undefined> {
  return cached('about', () =>
    createApiClient(context)
      .json(AboutSchema, '/version')
      .catch(() => undefined),
  )
}

export function getPublicProperty(
  context: AppLoadContext,
  groupName: string,
  propertyName: string,
): Promise<string | undefined> {
  return cached(`property:${groupName}/${propertyName}`, async () => {
    const property = await createApiClient(context).json(
      ConfigPropertySchema,
      `/v1/configProperty/public/${groupName}/${propertyName}`,
    )
    return property.propertyValue
  })
}

export function isOidcAvailable(context: AppLoadContext): Promise<boolean> {
  return cached('oidc', async () => {
    const text = await createApiClient(context).text('/v1/oidc/available')
    return z.boolean().catch(false).parse(JSON.parse(text))
  })
}
