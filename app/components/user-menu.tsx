import { Form, Link, useLocation } from '@remix-run/react'
import { ChevronDown, CircleUser, Info, KeyRound, LogOut, UserPen } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '~/utils/i18n.ts'
import { Button } from './ui/button.tsx'

export type ThemePreference = 'system' | 'light' | 'dark'

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground'

/** A disclosure menu: a native details element, so it opens with or without JavaScript. */
export function UserMenu({
  displayName,
  isLocalUser,
  language,
  theme,
}: {
  displayName: string
  isLocalUser: boolean
  language: string
  theme: ThemePreference
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    menu.current?.removeAttribute('open')
  }, [location])
  const here = `${location.pathname}${location.search}`
  const aboutParams = new URLSearchParams(location.search)
  aboutParams.set('about', '')

  return (
    <details ref={menu} className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent [&::-webkit-details-marker]:hidden"
        aria-label={t('header.userMenu')}
      >
        <CircleUser aria-hidden className="size-5" />
        <span className="hidden max-w-[12rem] truncate sm:inline">{displayName}</span>
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute right-0 z-30 mt-2 flex w-72 flex-col gap-1 rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg">
        <p className="px-3 py-2 text-sm">
          <span className="text-muted-foreground">{t('header.connectedAs')}</span>{' '}
          <strong className="break-all">{displayName}</strong>
        </p>
        {isLocalUser ? (
          <>
            <Link to="/profile" className={itemClass}>
              <UserPen aria-hidden className="size-4" />
              {t('header.updateProfile')}
            </Link>
            <Link
              to={`/change-password?${new URLSearchParams({ redirect: here })}`}
              className={itemClass}
            >
              <KeyRound aria-hidden className="size-4" />
              {t('header.changePassword')}
            </Link>
          </>
        ) : null}
        <hr className="my-1" />
        <Form
          method="post"
          action="/resources/language"
          reloadDocument
          className="flex items-end gap-2 px-3 py-2"
        >
          <input type="hidden" name="redirectTo" value={here} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor="language-select" className="text-xs text-muted-foreground">
              {t('header.language')}
            </label>
            <select
              id="language-select"
              name="language"
              defaultValue={language}
              className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm"
            >
              {SUPPORTED_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            aria-label={t('header.changeLanguage')}
          >
            {t('common.apply')}
          </Button>
        </Form>
        <Form method="post" action="/resources/theme" className="flex flex-col gap-1 px-3 py-2">
          <input type="hidden" name="redirectTo" value={here} />
          <span className="text-xs text-muted-foreground" id="theme-label">
            {t('header.theme')}
          </span>
          <div role="group" aria-labelledby="theme-label" className="flex gap-1">
            {(['system', 'light', 'dark'] as const).map((option) => (
              <Button
                key={option}
                type="submit"
                name="theme"
                value={option}
                size="sm"
                variant={theme === option ? 'default' : 'outline'}
                aria-pressed={theme === option}
                className="flex-1"
              >
                {t(`header.theme${option[0]!.toUpperCase()}${option.slice(1)}`)}
              </Button>
            ))}
          </div>
        </Form>
        <hr className="my-1" />
        <Link to={`?${aboutParams}`} preventScrollReset className={itemClass}>
          <Info aria-hidden className="size-4" />
          {t('header.about')}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className={itemClass}>
            <LogOut aria-hidden className="size-4" />
            {t('header.logout')}
          </button>
        </Form>
      </div>
    </details>
  )
}
