import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose'
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider'

/** Someone who can sign in at the test provider. */
export interface TestAccount {
  sub: string
  /** The preferred_username claim. */
  username: string
  name?: string
  email?: string
  groups?: string[]
}

export interface TestOidcProviderOptions {
  accounts: TestAccount[]
  clientId?: string
  /** Without one the client is public (PKCE only), as a browser-based console would be. */
  clientSecret?: string
  redirectUris?: string[]
  /**
   * Every claim of the granted scopes in the ID token too. Off (the provider's default), the ID
   * token carries the subject only and everything else must come from UserInfo.
   */
  idTokenClaims?: boolean
}

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>

const SCOPE = 'openid email profile groups'

/**
 * A real OpenID provider (the oidc-provider package) on a loopback port, signing with an RS256
 * key. Its sign-in page is a plain form: a username field, Sign in and Cancel (access denied).
 */
export async function startOidcProvider(options: TestOidcProviderOptions) {
  const clientId = options.clientId ?? 'lookout-console'
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomBytes(8).toString('hex')
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }
  let redirectUris = options.redirectUris ?? []

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', issuer).pathname
    if (path.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 500
        response.end(String(error))
      })
      return
    }
    void provider.callback()(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const configuration = (): Configuration => ({
    clients: [
      {
        client_id: clientId,
        ...(options.clientSecret
          ? {
              client_secret: options.clientSecret,
              token_endpoint_auth_method: 'client_secret_basic',
            }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: !options.idTokenClaims,
    features: { devInteractions: { enabled: false } },
    adapter: MapAdapter,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = options.accounts.find((candidate) => candidate.sub === sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: () => ({
          sub,
          preferred_username: account.username,
          name: account.name,
          email: account.email,
          groups: account.groups,
        }),
      }
    },
  })
  let provider = new Provider(issuer, configuration())

  async function interaction(request: http.IncomingMessage, response: http.ServerResponse) {
    const details = await provider.interactionDetails(request, response)
    if (request.method === 'GET') {
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      response.end(loginPage(details.uid))
      return
    }
    const form = new URLSearchParams(await readBody(request))
    if (form.has('cancel')) {
      await provider.interactionFinished(request, response, {
        error: 'access_denied',
        error_description: 'The user cancelled the sign-in',
      })
      return
    }
    const account = options.accounts.find((candidate) => candidate.username === form.get('login'))
    if (!account) {
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      response.end(loginPage(details.uid, 'Unknown user'))
      return
    }
    // Consent is given with the sign-in: the test provider asks nothing more.
    const grant = new provider.Grant({ accountId: account.sub, clientId })
    grant.addOIDCScope(String(details.params.scope ?? SCOPE))
    const grantId = await grant.save()
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    )
  }

  /** Signs an ID token with the provider's key (or a stranger's), for cases a flow cannot make. */
  async function signIdToken(
    claims: JWTPayload & { sub: string },
    signing: {
      key?: CryptoKey
      audience?: string | string[]
      issuer?: string
      expiresAt?: number
    } = {},
  ) {
    const now = Math.floor(Date.now() / 1000)
    const expiresAt = signing.expiresAt ?? now + 300
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(signing.issuer ?? issuer)
      .setAudience(signing.audience ?? clientId)
      .setIssuedAt(Math.min(now, expiresAt - 60))
      .setExpirationTime(expiresAt)
      .sign(signing.key ?? privateKey)
  }

  /** A whole authorization-code flow with PKCE over HTTP, as a console would run it. */
  async function tokensFor(username: string, redirectUri = redirectUris[0]!) {
    const jar = new Map<string, string>()
    const send = async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
      const answer = await fetch(new URL(url, issuer), { ...init, headers, redirect: 'manual' })
      for (const cookie of answer.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [name, ...value] = pair!.split('=')
        jar.set(name!.trim(), value.join('='))
      }
      return answer
    }
    const verifier = randomBytes(32).toString('base64url')
    const state = randomBytes(8).toString('hex')
    const authorize = new URL('/auth', issuer)
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: SCOPE,
      redirect_uri: redirectUri,
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString()
    let location = (await send(authorize.toString())).headers.get('location')!
    const signedIn = await send(location, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: username }).toString(),
    })
    location = signedIn.headers.get('location')!
    while (!location.startsWith(redirectUri)) {
      location = (await send(location)).headers.get('location')!
    }
    const code = new URL(location).searchParams.get('code')!
    const token = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(options.clientSecret
          ? {
              Authorization: `Basic ${Buffer.from(`${clientId}:${options.clientSecret}`).toString('base64')}`,
            }
          : {}),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        ...(options.clientSecret ? {} : { client_id: clientId }),
      }).toString(),
    })
    const body = (await token.json()) as { id_token: string; access_token: string }
    return { idToken: body.id_token, accessToken: body.access_token }
  }

  return {
    issuer,
    clientId,
    signIdToken,
    tokensFor,
    /** Redirect URIs are known only once the console listens; the provider starts again. */
    setRedirectUris(uris: string[]) {
      redirectUris = uris
      provider = new Provider(issuer, configuration())
    },
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      return closed
    },
  }
}

/** The provider's state in a Map: its stock in-memory adapter warns on every start. */
const stores = new Map<string, Map<string, { payload: AdapterPayload; expiresAt?: number }>>()

class MapAdapter implements Adapter {
  private readonly store: Map<string, { payload: AdapterPayload; expiresAt?: number }>

  constructor(name: string) {
    this.store = stores.get(name) ?? new Map()
    stores.set(name, this.store)
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    this.store.set(id, {
      payload,
      expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
    })
  }

  async find(id: string) {
    const entry = this.store.get(id)
    if (!entry || (entry.expiresAt && entry.expiresAt < Date.now())) return undefined
    return entry.payload
  }

  async findByUid(uid: string) {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id)
    return undefined
  }

  async findByUserCode(userCode: string) {
    for (const [id, entry] of this.store) {
      if (entry.payload.userCode === userCode) return this.find(id)
    }
    return undefined
  }

  async consume(id: string) {
    const entry = this.store.get(id)
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
  }

  async destroy(id: string) {
    this.store.delete(id)
  }

  async revokeByGrantId(grantId: string) {
    for (const [id, entry] of this.store)
      if (entry.payload.grantId === grantId) this.store.delete(id)
  }
}

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function loginPage(uid: string, error?: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main>
<h1>Sign in to the test provider</h1>
${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}">
<label for="login">Provider username</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Continue</button>
<button type="submit" name="cancel" value="1">Cancel</button>
</form>
</main></body></html>`
}
