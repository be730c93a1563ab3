import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import type { ToastMessage } from './api-errors.ts'

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(['success', 'warning', 'error', 'info']),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>

const TOAST_KEY = 'toast'

const toastStorage = createCookieSessionStorage({
  cookie: { name: '__lookout_toast', sameSite: 'lax', path: '/', httpOnly: true },
})

export async function createToastHeaders(toast: ToastMessage) {
  const session = await toastStorage.getSession()
  session.flash(TOAST_KEY, ToastSchema.parse({ id: crypto.randomUUID(), ...toast }))
  return new Headers({ 'set-cookie': await toastStorage.commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastMessage, init?: ResponseInit) {
  const headers = combineHeaders(init?.headers, await createToastHeaders(toast))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the flashed toast; the returned headers must go out with the response. */
export async function getToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get('Cookie'))
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: parsed.success
      ? new Headers({ 'set-cookie': await toastStorage.destroySession(session) })
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
