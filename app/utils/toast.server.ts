import { createCookieSessionStorage, redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import type { ToastMessage } from './api-errors.ts'

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'warning', 'error', 'info']),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>

const TOAST_KEY = 'toast' as const

function createToastStorage(secret: string) {
  return createCookieSessionStorage<Record<string, never>, { [TOAST_KEY]: Toast }>({
    cookie: {
      name: '__lookout_toast',
      sameSite: 'lax',
      path: '/',
      httpOnly: true,
      secrets: [secret],
    },
  })
}

const storages = new Map<string, ReturnType<typeof createToastStorage>>()

/** Signed with the session secret, so every console process can read another's toast. */
function toastStorage(context: AppLoadContext) {
  let storage = storages.get(context.sessionSecret)
  if (!storage) {
    storage = createToastStorage(context.sessionSecret)
    storages.set(context.sessionSecret, storage)
  }
  return storage
}

export async function createToastHeaders(context: AppLoadContext, toast: ToastMessage) {
  const storage = toastStorage(context)
  const session = await storage.getSession()
  session.flash(TOAST_KEY, ToastSchema.parse({ id: crypto.randomUUID(), ...toast }))
  return new Headers({ 'set-cookie': await storage.commitSession(session) })
}

export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: ToastMessage,
  init?: ResponseInit,
) {
  const headers = combineHeaders(init?.headers, await createToastHeaders(context, toast))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the flashed toast; the returned headers must go out with the response. */
export async function getToast(request: Request, context: AppLoadContext) {
  const storage = toastStorage(context)
  const session = await storage.getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ 'set-cookie': await storage.destroySession(session) })
      : null,
  }
}

export function combineHeaders(...sources: Array<HeadersInit | null | undefined>) {
  const combined = new Headers()
  for (const source of sources) {
    if (!source) continue
    for (const [name, value] of new Headers(source).entries()) combined.append(name, value)
  }
  return combined
}
