import type { Submission } from '@conform-to/react'
import { json, type AppLoadContext } from '@remix-run/node'
import type { ApiClient } from '~/api/client.server.ts'
import { saveGroupSettings } from '~/api/config-properties.server.ts'
import { serverMessageLines } from '~/utils/api-errors.ts'
import type { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

/**
 * Saves a settings page's properties of one group: "Configuration saved" as 4.13 says it, or the
 * form again with each refusal of the API in the reader's language.
 */
export async function saveSettingsReply(
  { api, t, here }: { api: ApiClient; t: Awaited<ReturnType<typeof getFixedT>>; here: string },
  context: AppLoadContext,
  submission: Submission<unknown>,
  group: string,
  settings: Parameters<typeof saveGroupSettings>[2],
) {
  const refused = await saveGroupSettings(api, group, settings)
  if (refused.length > 0) {
    const formErrors = [...new Set(refused.flatMap((text) => serverMessageLines(text, t)))]
    return json({ result: submission.reply({ formErrors }) }, { status: 400 })
  }
  return redirectWithToast(context, here, { type: 'success', title: t('vulnSources.saved') })
}
