import { Form, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FilterSwitch, KeepParams } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'
import { DASHBOARD_RANGES, type DashboardParams } from './model.ts'

/**
 * The dashboard's period and project scope: a GET form, so the choice lives in the URL (a
 * bookmark keeps it) and works without JavaScript; with it, a change applies at once.
 */
export function RangeForm({ params }: { params: DashboardParams }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  return (
    <Form
      method="get"
      preventScrollReset
      aria-label={t('dashboard.range.form')}
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-lg border bg-card p-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <KeepParams except={['days', 'excludeInactive', 'onlyLatest']} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('dashboard.range.label')}</legend>
        <div className="flex flex-wrap rounded-md border p-0.5">
          {DASHBOARD_RANGES.map((days) => (
            <label
              key={days}
              className="cursor-pointer rounded px-3 py-1 text-sm has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="days"
                value={days}
                defaultChecked={params.days === days}
                className="sr-only"
              />
              {t(`dashboard.range.days${days}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FilterSwitch
        name="excludeInactive"
        label={t('dashboard.range.excludeInactive')}
        checked={params.excludeInactive}
      />
      <FilterSwitch
        name="onlyLatest"
        label={t('dashboard.range.onlyLatest')}
        checked={params.onlyLatest}
      />
      <Button type="submit" variant="secondary">
        {t('common.apply')}
      </Button>
    </Form>
  )
}
