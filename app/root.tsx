import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from 'remix-i18next/react'
import packageJson from '../package.json'
import { getAbout } from './api/public.server.ts'
import { AboutDialog } from './components/about-dialog.tsx'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { Toaster } from './components/toaster.tsx'
import tailwindStyles from './tailwind.css'
import { getLanguage } from './utils/i18n.server.ts'
import { useNonce } from './utils/nonce.tsx'
import { getTheme } from './utils/theme.server.ts'
import { combineHeaders, getToast } from './utils/toast.server.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwindStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [language, theme, { toast, headers: toastHeaders }, about] = await Promise.all([
    getLanguage(request, context),
    getTheme(request),
    getToast(request, context),
    getAbout(context),
  ])
  return json(
    { language, theme, toast, about, consoleVersion: packageJson.version },
    { headers: combineHeaders(toastHeaders) },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Set-Cookie': loaderHeaders.get('Set-Cookie') ?? '',
})

export const handle = { i18n: 'common' }

function Document({
  children,
  language,
  theme,
}: {
  children: React.ReactNode
  language: string
  theme: string
}) {
  const nonce = useNonce()
  const { i18n } = useTranslation()
  return (
    <html lang={language} dir={i18n.dir(language)} className={theme === 'system' ? '' : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === 'system' ? 'light dark' : theme} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  useChangeLanguage(data.language)
  const showAbout = new URLSearchParams(location.search).has('about')
  return (
    <Document language={data.language} theme={data.theme}>
      <Outlet />
      <Toaster toast={data.toast} />
      {showAbout ? <AboutDialog about={data.about} consoleVersion={data.consoleVersion} /> : null}
    </Document>
  )
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <Document language={data?.language ?? 'en'} theme={data?.theme ?? 'system'}>
      <GeneralErrorBoundary />
    </Document>
  )
}
