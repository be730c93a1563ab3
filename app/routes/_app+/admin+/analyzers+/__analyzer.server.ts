import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { readGroupSettings } from '~/api/config-properties.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { findAdminPage } from '~/utils/navigation.ts'
import { saveSettingsReply } from '~/utils/settings-form.server.ts'

export const SCANNER_GROUP = 'scanner'
const ACCESS = 'SYSTEM_CONFIGURATION'

type Settings = Record<string, string>

/** What every analyzer page loads: the `scanner` settings and its title. */
export async function loadAnalyzerPage({ request, context }: LoaderFunctionArgs, page: string) {
  const { api } = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const settings = await readGroupSettings(api, SCANNER_GROUP)
  const found = findAdminPage('analyzers', page)?.page
  const name = found?.labelKey ? t(found.labelKey) : (found?.name ?? page)
  return { settings, name, title: t('meta.title', { page: name }) }
}

/**
 * An analyzer page's action: checks the form with the page's schema (built from what is stored,
 * so a stored secret counts as given) and saves the `scanner` properties it maps to.
 */
export async function analyzerAction<Schema extends z.ZodType, Stored>(
  { request, context }: ActionFunctionArgs,
  page: string,
  form: {
    stored: (settings: Settings) => Stored
    schema: (stored: Stored) => Schema
    settings: (value: z.infer<Schema>, stored: Stored) => Record<string, unknown>
  },
) {
  const { api } = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const stored = form.stored(await readGroupSettings(api, SCANNER_GROUP))
  const submission = parseWithZod(await request.formData(), { schema: form.schema(stored) })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  return saveSettingsReply(
    { api, t, here: `/admin/analyzers/${page}` },
    context,
    submission as Submission<unknown>,
    SCANNER_GROUP,
    form.settings(submission.value, stored) as Parameters<typeof saveSettingsReply>[4],
  )
}
