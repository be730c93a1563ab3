import { createCookieSessionStorage, type AppLoadContext } from '@remix-run/node'

const storages = new Map<string, ReturnType<typeof build>>()

function build(secret: string, secure: boolean) {
  return createCookieSessionStorage<{ token: string }>({
    cookie: {
      name: '__lookout_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      secrets: [secret],
    },
  })
}

export function isSecure(request: Request, context: AppLoadContext) {
  return context.secureCookies ?? new URL(request.url).protocol === 'https:'
}

/** The session cookie holds the API token and nothing else; it lives as long as the browser session. */
export function sessionStorageFor(request: Request, context: AppLoadContext) {
  const secure = isSecure(request, context)
  const key = `${secure}:${context.sessionSecret}`
  let storage = storages.get(key)
  if (!storage) {
    storage = build(context.sessionSecret, secure)
    storages.set(key, storage)
  }
  return storage
}

export async function getSession(request: Request, context: AppLoadContext) {
  return sessionStorageFor(request, context).getSession(request.headers.get('Cookie'))
}

export async function getToken(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context)
  const token = session.get('token')
  return typeof token === 'string' && token !== '' ? token : undefined
}
