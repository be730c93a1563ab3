import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** An Access Management page's heading: the section, the page or principal, what it is, actions. */
export function PageHeader({
  title,
  intro,
  actions,
}: {
  title: string
  intro?: ReactNode
  actions?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm text-muted-foreground">{t('admin.sections.accessManagement')}</p>
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
        {intro ? <p className="max-w-prose text-muted-foreground">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  )
}
