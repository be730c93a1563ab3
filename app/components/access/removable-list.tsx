import { Form, Link } from '@remix-run/react'
import { Plus, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/utils/misc.ts'

export interface RemovableItem {
  /** What the remove button posts as `target`. */
  value: string
  label: string
  /** Where the name leads (the team's or the user's page). */
  href?: string
  /** A second line: a description, a distinguished name. */
  detail?: ReactNode
  /** The button's accessible name, saying what goes from where. */
  removeLabel: string
}

/**
 * One list of a user's or team's row editor (teams, permissions, mapped groups, members): each
 * entry with its Remove button, a plain post of `intent` and `target`, and the link that opens
 * the picker to add more.
 */
export function RemovableList({
  id,
  title,
  description,
  intent,
  items,
  emptyText,
  add,
  monospace = false,
  children,
}: {
  id: string
  title: string
  description?: string
  intent: string
  items: RemovableItem[]
  emptyText: string
  /** The picker's address and the link's text; absent for lists filled elsewhere. */
  add?: { to: string; label: string }
  /** Names that are identifiers (permission names, distinguished names). */
  monospace?: boolean
  /** Shown under the list (permissions held through teams). */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = `${id}-title`
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}{' '}
            <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
          </h2>
          {description ? (
            <p className="max-w-prose text-sm text-muted-foreground">{description}</p>
          ) : null}
        </div>
        {add ? (
          <Button asChild variant="outline" size="sm">
            <Link to={add.to} preventScrollReset>
              <Plus aria-hidden />
              {add.label}
            </Link>
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <ul aria-labelledby={titleId} className="divide-y rounded-md border">
            {items.map((item) => (
              <li key={item.value} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="flex min-w-0 flex-col">
                  {item.href ? (
                    <Link
                      to={item.href}
                      className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
                    >
                      {item.label}
                    </Link>
                  ) : (
                    <span
                      className={cn(
                        'font-medium [overflow-wrap:anywhere]',
                        monospace && 'font-mono text-sm',
                      )}
                    >
                      {item.label}
                    </span>
                  )}
                  {item.detail ? (
                    <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {item.detail}
                    </span>
                  ) : null}
                </div>
                <Button
                  type="submit"
                  name="target"
                  value={item.value}
                  variant="ghost"
                  size="sm"
                  aria-label={item.removeLabel}
                  className="shrink-0"
                >
                  <X aria-hidden />
                  <span aria-hidden>{t('accessKit.remove')}</span>
                </Button>
              </li>
            ))}
          </ul>
        </Form>
      )}
      {children}
    </section>
  )
}
