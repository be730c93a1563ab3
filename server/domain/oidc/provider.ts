import { createRemoteJWKSet } from 'jose'
import { createDiscoveryCache, type Discovery } from '../../../common/oidc-discovery.ts'
import type { AppContext } from '../../context.ts'

export type { Discovery } from '../../../common/oidc-discovery.ts'

export interface OidcProvider {
  /** The issuer's discovery document while OIDC is enabled and the issuer answers. */
  discovery(): Promise<Discovery | undefined>
  /** The issuer's signing keys, fetched on first use and again when a token names a new key. */
  keys(discovery: Discovery): ReturnType<typeof createRemoteJWKSet>
}

const providers = new WeakMap<AppContext, OidcProvider>()

/** One per server: both OIDC route families share the discovery document and the key set. */
export function oidcProvider(ctx: AppContext): OidcProvider {
  let provider = providers.get(ctx)
  if (!provider) {
    const cache = createDiscoveryCache({
      enabled: ctx.env.OIDC_ENABLED,
      issuer: ctx.env.OIDC_ISSUER,
    })
    const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
    provider = {
      discovery: () => cache.get(),
      keys(discovery) {
        let keys = keySets.get(discovery.jwks_uri)
        if (!keys) {
          keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5000 })
          keySets.set(discovery.jwks_uri, keys)
        }
        return keys
      },
    }
    providers.set(ctx, provider)
  }
  return provider
}
