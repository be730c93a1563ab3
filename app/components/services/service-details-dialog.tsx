import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { ExternalLink, ExternalReferencesTable } from '~/components/external-references.tsx'
import { ErrorList, Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { cn, useIsPending } from '~/utils/misc.ts'
import { Identifier } from '~/components/identifier.tsx'

export const DETAIL_TABS = ['identity', 'provider', 'endpoints', 'data', 'references'] as const
export type DetailTab = (typeof DETAIL_TABS)[number]

export function detailTab(value: string | null): DetailTab | undefined {
  if (value === null) return undefined
  return (DETAIL_TABS as readonly string[]).includes(value) ? (value as DetailTab) : 'identity'
}

export interface ServiceDetails {
  uuid: string
  name: string
  group?: string
  version?: string
  description?: string
  authenticated?: boolean
  crossesTrustBoundary?: boolean
  provider?: {
    name?: string
    urls?: string[]
    contacts?: Array<{ name?: string; email?: string; phone?: string }>
  }
  endpoints?: string[]
  data?: Array<{ name?: string; direction?: string }>
  externalReferences?: Array<{ url?: string; type?: string; comment?: string }>
}

const tableClass = 'w-full text-left text-sm'
const headClass = 'bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground'

/**
 * The 4.13 Service Details modal. Every tab is a link, so it works without JavaScript; the
 * identity fields stay in the form while another tab shows, so Update never loses an edit.
 */
export function ServiceDetailsDialog({
  service,
  tab,
  canEdit,
  constraint,
  lastResult,
}: {
  service: ServiceDetails
  tab: DetailTab
  canEdit: boolean
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const isPending = useIsPending()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'service-details',
    constraint,
    lastResult,
    defaultValue: {
      name: service.name,
      version: service.version ?? '',
      group: service.group ?? '',
      description: service.description ?? '',
    },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const readOnly = !canEdit
  const here = `/services/${service.uuid}`

  return (
    <UrlDialog title={t('services.details.title')} closeTo={here}>
      <nav aria-label={t('services.details.sections')} className="mb-4 overflow-x-auto border-b">
        <ul className="flex gap-1">
          {DETAIL_TABS.map((name) => (
            <li key={name}>
              <Link
                to={`${here}?details=${name}`}
                replace
                preventScrollReset
                aria-current={tab === name ? 'page' : undefined}
                className={cn(
                  'block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
                  tab === name
                    ? 'border-primary font-semibold text-foreground'
                    : 'text-muted-foreground',
                )}
              >
                {t(`services.details.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        <section hidden={tab !== 'identity'} aria-label={t('services.details.tabs.identity')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('services.details.name') }}
              inputProps={{ ...getInputProps(fields.name!, { type: 'text' }), readOnly }}
              errors={translate(fields.name?.errors)}
            />
            <Field
              labelProps={{ children: t('services.details.version') }}
              inputProps={{ ...getInputProps(fields.version!, { type: 'text' }), readOnly }}
              errors={translate(fields.version?.errors)}
            />
            <Field
              labelProps={{ children: t('services.details.group') }}
              inputProps={{ ...getInputProps(fields.group!, { type: 'text' }), readOnly }}
              errors={translate(fields.group?.errors)}
            />
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={fields.description!.id}>{t('services.details.description')}</Label>
              <textarea
                {...getTextareaProps(fields.description!)}
                readOnly={readOnly}
                rows={3}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
              />
              <ErrorList errors={translate(fields.description?.errors)} />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="authenticated"
                defaultChecked={service.authenticated === true}
                disabled={readOnly}
                className="size-4"
              />
              {t('services.details.authenticated')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="crossesTrustBoundary"
                defaultChecked={service.crossesTrustBoundary === true}
                disabled={readOnly}
                className="size-4"
              />
              {t('services.details.trustBoundary')}
            </label>
            <div className="flex flex-col gap-1 text-sm sm:col-span-2">
              <span className="text-muted-foreground">{t('services.details.uuid')}</span>
              <Identifier value={service.uuid} />
            </div>
          </div>
        </section>
        {tab === 'provider' ? <ProviderPanel provider={service.provider} /> : null}
        {tab === 'endpoints' ? <EndpointsPanel endpoints={service.endpoints ?? []} /> : null}
        {tab === 'data' ? <DataPanel data={service.data ?? []} /> : null}
        {tab === 'references' ? (
          <ExternalReferencesTable references={service.externalReferences ?? []} />
        ) : null}
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter className="items-center justify-between">
          {canEdit ? (
            <Button asChild variant="destructive">
              <Link to={`${here}?delete`} replace preventScrollReset>
                <Trash2 aria-hidden />
                {t('services.delete.open')}
              </Link>
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('services.details.readOnly')}</p>
          )}
          <div className="ml-auto flex gap-2">
            <Button asChild variant="outline">
              <Link to={here} replace preventScrollReset>
                {t('common.close')}
              </Link>
            </Button>
            {canEdit ? (
              <Button type="submit" name="intent" value="update" disabled={isPending}>
                {t('services.details.update')}
              </Button>
            ) : null}
          </div>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  )
}

function ProviderPanel({ provider }: { provider: ServiceDetails['provider'] }) {
  const { t } = useTranslation()
  const urls = provider?.urls ?? []
  const contacts = provider?.contacts ?? []
  if (!provider?.name && urls.length === 0 && contacts.length === 0) {
    return <Empty>{t('services.details.noProvider')}</Empty>
  }
  return (
    <section aria-label={t('services.details.tabs.provider')} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">{t('services.details.providerName')}</span>
        <span>{provider?.name ?? '-'}</span>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('services.details.providerUrls')}</h3>
        {urls.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('services.details.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {urls.map((url) => (
              <li key={url} className="break-all">
                <ExternalLink url={url} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t('services.details.contacts')}</h3>
        {contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('services.details.none')}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className={tableClass}>
              <thead className={headClass}>
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('services.details.contactName')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('services.details.contactEmail')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('services.details.contactPhone')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {contacts.map((contact, index) => (
                  <tr key={index} className="border-t">
                    <td className="px-3 py-2">{contact.name}</td>
                    <td className="break-all px-3 py-2">
                      {contact.email ? (
                        <a href={`mailto:${contact.email}`} className="text-primary underline">
                          {contact.email}
                        </a>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{contact.phone}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  )
}

function EndpointsPanel({ endpoints }: { endpoints: string[] }) {
  const { t } = useTranslation()
  if (endpoints.length === 0) return <Empty>{t('services.details.noEndpoints')}</Empty>
  return (
    <section aria-label={t('services.details.tabs.endpoints')}>
      <ul className="flex flex-col divide-y rounded-lg border text-sm">
        {endpoints.map((endpoint) => (
          <li key={endpoint} className="break-all px-3 py-2 font-mono">
            {endpoint}
          </li>
        ))}
      </ul>
    </section>
  )
}

function DataPanel({ data }: { data: NonNullable<ServiceDetails['data']> }) {
  const { t } = useTranslation()
  if (data.length === 0) return <Empty>{t('services.details.noData')}</Empty>
  return (
    <section
      aria-label={t('services.details.tabs.data')}
      className="overflow-x-auto rounded-lg border"
    >
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('services.details.classification')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('services.details.direction')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((flow, index) => (
            <tr key={index} className="border-t">
              <td className="px-3 py-2">{flow.name}</td>
              <td className="px-3 py-2">
                <DirectionLabel direction={flow.direction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export function DirectionLabel({ direction }: { direction?: string }) {
  const { t } = useTranslation()
  const known = ['INBOUND', 'OUTBOUND', 'BI_DIRECTIONAL', 'UNKNOWN']
  if (!direction) return null
  return <>{known.includes(direction) ? t(`services.direction.${direction}`) : direction}</>
}
