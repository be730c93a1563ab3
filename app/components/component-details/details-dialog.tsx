import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { Settings2, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ComponentFields } from './component-fields.tsx'
import { ExternalReferencesTable } from '~/components/external-references.tsx'
import { InternalBadge } from './internal-badge.tsx'
import { Identifier } from '~/components/identifier.tsx'

export interface DetailsComponent {
  uuid: string
  isInternal?: boolean
  supplier?: {
    name?: string
    urls?: string[]
    contacts?: Array<{ name?: string; email?: string; phone?: string }>
  }
  externalReferences?: Array<{ type?: string; url?: string; comment?: string }>
}

/** The 4.13 Component Details modal; read-only without PORTFOLIO_MANAGEMENT. */
export function ComponentDetailsDialog({
  component,
  defaultValue,
  constraint,
  lastResult,
  canManage,
  closeTo,
  propertiesTo,
  deleteTo,
}: {
  component: DetailsComponent
  defaultValue: Record<string, string | undefined>
  constraint: Record<string, { required?: boolean; maxLength?: number; pattern?: string }>
  lastResult: SubmissionResult<string[]> | undefined
  canManage: boolean
  closeTo: string
  propertiesTo: string
  deleteTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'component-details',
    constraint,
    lastResult,
    defaultValue,
  })
  const supplier = component.supplier
  const extraTabs = []
  if (supplier && (supplier.name || supplier.urls?.length || supplier.contacts?.length)) {
    extraTabs.push({
      id: 'supplier',
      label: t('componentDetails.tabs.supplier'),
      content: <SupplierFacts supplier={supplier} />,
    })
  }
  extraTabs.push({
    id: 'references',
    label: t('componentDetails.tabs.externalReferences'),
    content: <ExternalReferencesTable references={component.externalReferences ?? []} />,
  })

  return (
    <UrlDialog title={t('componentDetails.details.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        <ComponentFields
          fields={fields}
          readOnly={!canManage}
          extraTabs={extraTabs}
          identityExtra={
            <>
              <div className="flex flex-col gap-2">
                <span className="text-sm font-medium">
                  {t('componentDetails.fields.classification')}
                </span>
                <span>
                  <InternalBadge internal={component.isInternal === true} />
                </span>
              </div>
              <div className="flex flex-col gap-2">
                <span className="text-sm font-medium">{t('componentDetails.fields.uuid')}</span>
                <Identifier value={component.uuid} className="text-sm" />
              </div>
            </>
          }
        />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          {canManage ? (
            <Button asChild variant="destructive" className="sm:mr-auto">
              <Link to={deleteTo} preventScrollReset replace>
                <Trash2 aria-hidden />
                {t('componentDetails.delete.open')}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={propertiesTo} preventScrollReset replace>
              <Settings2 aria-hidden />
              {t('componentDetails.properties.open')}
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={closeTo} preventScrollReset replace>
              {t('common.close')}
            </Link>
          </Button>
          {canManage ? (
            <Button type="submit" name="intent" value="updateComponent">
              {t('componentDetails.details.submit')}
            </Button>
          ) : null}
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

function SupplierFacts({ supplier }: { supplier: NonNullable<DetailsComponent['supplier']> }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t('componentDetails.supplier.name')}</dt>
        <dd>{supplier.name ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('componentDetails.supplier.urls')}</dt>
        <dd className="flex flex-col gap-1 break-all">
          {supplier.urls?.length ? supplier.urls.map((url) => <span key={url}>{url}</span>) : '—'}
        </dd>
      </dl>
      {supplier.contacts?.length ? (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('componentDetails.supplier.contacts')}</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('componentDetails.supplier.contactName')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('componentDetails.supplier.email')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('componentDetails.supplier.phone')}
                </th>
              </tr>
            </thead>
            <tbody>
              {supplier.contacts.map((contact, index) => (
                <tr key={index} className="border-t">
                  <td className="px-3 py-2">{contact.name}</td>
                  <td className="px-3 py-2">{contact.email}</td>
                  <td className="px-3 py-2">{contact.phone}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  )
}
