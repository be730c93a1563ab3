import { type LoaderFunctionArgs } from '@remix-run/node'
import { translations } from '~/locales/resources.server.ts'
import { matchLanguage } from '~/utils/i18n.ts'

/** The browser's copy of one language's strings, fetched once before hydration. */
export async function loader({ params }: LoaderFunctionArgs) {
  const language = matchLanguage(params.language)
  if (!language || language !== params.language) throw new Response('Not Found', { status: 404 })
  return new Response(JSON.stringify(translations[language]), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    },
  })
}
