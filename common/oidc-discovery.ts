import { z } from 'zod'

const DiscoveryDocument = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string().optional(),
    jwks_uri: z.string(),
    userinfo_endpoint: z.string().optional(),
  })
  .loose()

export type Discovery = z.infer<typeof DiscoveryDocument>

const stripSlash = (value: string) => value.replace(/\/+$/, '')

/**
 * Fetches and checks an issuer's discovery document; remembers the answer for a while. The API
 * (availability, token checks) and the console (where to send the browser) each keep one.
 */
export function createDiscoveryCache(options: {
  issuer: string | undefined
  enabled: boolean
  fetch?: typeof fetch
  ttlMs?: number
  failureTtlMs?: number
}) {
  const doFetch = options.fetch ?? fetch
  let cached: { at: number; value: Discovery | undefined } | undefined

  async function load(): Promise<Discovery | undefined> {
    if (!options.enabled || !options.issuer) return undefined
    try {
      const url = `${stripSlash(options.issuer)}/.well-known/openid-configuration`
      const response = await doFetch(url, { signal: AbortSignal.timeout(5000) })
      if (response.status !== 200) return undefined
      const parsed = DiscoveryDocument.safeParse(await response.json())
      if (!parsed.success) return undefined
      return stripSlash(parsed.data.issuer) === stripSlash(options.issuer) ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  return {
    async get(): Promise<Discovery | undefined> {
      const ttl = cached?.value ? (options.ttlMs ?? 300_000) : (options.failureTtlMs ?? 30_000)
      if (!cached || Date.now() - cached.at > ttl) cached = { at: Date.now(), value: await load() }
      return cached.value
    },
  }
}
