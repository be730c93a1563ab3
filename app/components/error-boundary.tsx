import { isRouteErrorResponse, useNavigate, useRouteError } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from './ui/button.tsx'

/** The 404 page's content: heading, message and a way back. */
export function NotFound() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <main
      id="main"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <p className="text-7xl font-bold text-muted-foreground" aria-hidden>
        {t('notFound.code')}
      </p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.message')}</p>
      <form action="/dashboard" method="get">
        <Button
          type="submit"
          onClick={(event) => {
            if (window.history.length > 1) {
              event.preventDefault()
              navigate(-1)
            }
          }}
        >
          {t('notFound.goBack')}
        </Button>
      </form>
    </main>
  )
}

export function GeneralErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <main
      id="main"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-8 text-center"
    >
      <h1 className="text-2xl font-semibold">
        {forbidden ? t('errors.forbidden') : t('errors.unexpected')}
      </h1>
      {forbidden ? null : (
        <p className="max-w-prose text-muted-foreground">{t('errors.unexpectedDetail')}</p>
      )}
    </main>
  )
}
