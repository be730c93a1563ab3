import { Construction } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** A screen that a later release builds: its title and an honest empty state. */
export function PlaceholderPage({
  title,
  subtitle,
  level = 1,
}: {
  title: string
  subtitle?: string
  level?: 1 | 2
}) {
  const { t } = useTranslation()
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <Heading className="text-2xl font-semibold tracking-tight">{title}</Heading>
        {subtitle ? <p className="text-muted-foreground">{subtitle}</p> : null}
      </header>
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-12 text-center">
        <Construction aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">{t('placeholder.title')}</p>
        <p className="text-sm text-muted-foreground">{t('placeholder.description')}</p>
      </div>
    </div>
  )
}

export interface PlaceholderData {
  heading: string
  title: string
}

export function titleMeta({ data }: { data?: { title?: string } }) {
  return [{ title: data?.title ?? 'Lookout' }]
}
