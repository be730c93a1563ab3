import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from './auth.server.ts'
import { getFixedT } from './i18n.server.ts'
import type { PermissionRequirement } from './permissions.ts'

/** The loader of a screen a later release builds: the real guard, then its translated title. */
export async function placeholderLoader(
  { request, context }: LoaderFunctionArgs,
  requirement: PermissionRequirement,
  titleKey: string,
) {
  await requireUser(request, context, requirement)
  const t = await getFixedT(request, context)
  const heading = t(titleKey)
  return json({ heading, title: t('meta.title', { page: heading }) })
}
