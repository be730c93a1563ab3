import { createCookie } from '@remix-run/node'
import { z } from 'zod'

export const ThemeSchema = z.enum(['system', 'light', 'dark'])
export type Theme = z.infer<typeof ThemeSchema>

export const themeCookie = createCookie('lookout_theme', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

export async function getTheme(request: Request): Promise<Theme> {
  const parsed = ThemeSchema.safeParse(await themeCookie.parse(request.headers.get('Cookie')))
  return parsed.success ? parsed.data : 'system'
}
