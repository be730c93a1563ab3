import { Link } from '@remix-run/react'
import { CalendarClock, MessageSquare, Plus, RefreshCw, Trash2, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ApiKey } from '~/api/access.server.ts'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { Button } from '~/components/ui/button.tsx'
import type { KeyExpiry } from './key-expiry.ts'

export type TeamKey = ApiKey & { expiry: KeyExpiry | null; daysLeft?: number }

/** An instant in UTC, as expiry dates are chosen (the key works through the chosen day). */
export function utcDateTime(value: number, language: string) {
  return `${formatDate(value, language, { withTime: true, timeZone: 'UTC' })} UTC`
}

/**
 * A team's API Keys (§19.7), oldest first: the masked key, 4.13's warning for keys in the
 * outdated format, the comment, when it was created and last used, and (beyond 4.13) when it
 * expires with a warning two weeks ahead. Each action opens its dialog through the URL.
 */
export function ApiKeysSection({ keys, page }: { keys: TeamKey[]; page: string }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="keys-title"
      className="flex flex-col gap-3 rounded-lg border bg-card p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="keys-title" className="text-lg font-semibold">
            {t('teamAdmin.keys.title')}{' '}
            <span className="text-sm font-normal text-muted-foreground">({keys.length})</span>
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {t('teamAdmin.keys.description')}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={`${page}?createKey`} preventScrollReset>
            <Plus aria-hidden />
            {t('teamAdmin.keys.create')}
          </Link>
        </Button>
      </div>
      {keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('teamAdmin.keys.empty')}</p>
      ) : (
        <ul aria-labelledby="keys-title" className="flex flex-col divide-y rounded-md border">
          {keys.map((key) => (
            <KeyItem key={key.publicId} apiKey={key} page={page} />
          ))}
        </ul>
      )}
    </section>
  )
}

function KeyItem({ apiKey, page }: { apiKey: TeamKey; page: string }) {
  const { t, i18n } = useTranslation()
  const when = (value?: number) =>
    value ? formatDate(value, i18n.language, { withTime: true }) : t('teamAdmin.keys.notAvailable')
  const action = (param: string, Icon: typeof Plus, label: string, named: string) => (
    <Button asChild variant="ghost" size="sm">
      <Link to={`${page}?${param}=${encodeURIComponent(apiKey.publicId)}`} preventScrollReset>
        <Icon aria-hidden />
        <span className="sr-only">{t(named, { key: apiKey.maskedKey })}</span>
        <span aria-hidden>{t(label)}</span>
      </Link>
    </Button>
  )
  return (
    <li className="flex flex-col gap-2 px-3 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm [overflow-wrap:anywhere]">{apiKey.maskedKey}</code>
        {apiKey.legacy ? <Badge tone="warning">{t('teamAdmin.keys.legacy')}</Badge> : null}
        {apiKey.expiry === 'expired' ? (
          <Badge tone="destructive">{t('teamAdmin.keys.expired')}</Badge>
        ) : apiKey.expiry === 'soon' ? (
          <Badge tone="warning">
            {t('teamAdmin.keys.expiresSoon', { number: apiKey.daysLeft })}
          </Badge>
        ) : null}
      </div>
      {apiKey.legacy ? (
        <p className="text-xs text-muted-foreground">{t('teamAdmin.keys.legacyHint')}</p>
      ) : null}
      <p className={cn('text-sm', !apiKey.comment && 'italic text-muted-foreground')}>
        {apiKey.comment || t('teamAdmin.keys.noComment')}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>{t('teamAdmin.keys.created')}</dt>
          <dd>{when(apiKey.created)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('teamAdmin.keys.lastUsed')}</dt>
          <dd>{when(apiKey.lastUsed)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('teamAdmin.keys.expires')}</dt>
          <dd>
            {apiKey.expires
              ? utcDateTime(apiKey.expires, i18n.language)
              : t('teamAdmin.keys.never')}
          </dd>
        </div>
      </dl>
      <div className="-ml-3 flex flex-wrap gap-1">
        {action(
          'comment',
          MessageSquare,
          'teamAdmin.keys.editComment',
          'teamAdmin.keys.editCommentOf',
        )}
        {action(
          'expiry',
          CalendarClock,
          'teamAdmin.keys.editExpiry',
          'teamAdmin.keys.editExpiryOf',
        )}
        {action(
          'regenerate',
          RefreshCw,
          'teamAdmin.keys.regenerate',
          'teamAdmin.keys.regenerateOf',
        )}
        {action('removeKey', Trash2, 'teamAdmin.keys.remove', 'teamAdmin.keys.removeOf')}
      </div>
    </li>
  )
}

function Badge({ tone, children }: { tone: 'warning' | 'destructive'; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        tone === 'warning'
          ? 'border-warning/60 text-warning'
          : 'border-destructive/60 text-destructive',
      )}
    >
      <TriangleAlert aria-hidden className="size-3" />
      {children}
    </span>
  )
}
