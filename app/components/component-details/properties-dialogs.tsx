import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { ErrorList, Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { selectClass, textareaClass, translateErrors } from './component-fields.tsx'

export interface PropertyRow {
  uuid: string
  groupName?: string
  propertyName: string
  propertyValue?: string
  propertyType: string
  description?: string
}

/** The 4.13 Component Properties modal: the list, Delete (checked rows) and Create Property. */
export function PropertiesDialog({
  properties,
  canManage,
  closeTo,
  createTo,
}: {
  properties: PropertyRow[]
  canManage: boolean
  closeTo: string
  createTo: string
}) {
  const { t } = useTranslation()
  const column = (key: string) => (
    <th scope="col" className="px-3 py-2 font-medium">
      {t(`componentDetails.properties.columns.${key}`)}
    </th>
  )
  return (
    <UrlDialog title={t('componentDetails.properties.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4">
        {properties.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {t('componentDetails.properties.empty')}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('componentDetails.properties.title')}</caption>
              <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  {canManage ? (
                    <th scope="col" className="w-10 px-3 py-2 font-medium">
                      <span className="sr-only">{t('componentDetails.remove.selectColumn')}</span>
                    </th>
                  ) : null}
                  {column('group')}
                  {column('name')}
                  {column('value')}
                  {column('type')}
                  {column('description')}
                </tr>
              </thead>
              <tbody>
                {properties.map((property) => (
                  <tr key={property.uuid} className="border-t">
                    {canManage ? (
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          name="propertyUuid"
                          value={property.uuid}
                          aria-label={t('componentDetails.properties.select', {
                            name: property.propertyName,
                          })}
                          className="size-4"
                        />
                      </td>
                    ) : null}
                    <td className="px-3 py-2">{property.groupName}</td>
                    <td className="px-3 py-2 font-medium">{property.propertyName}</td>
                    <td className="break-all px-3 py-2">{property.propertyValue}</td>
                    <td className="px-3 py-2">{property.propertyType}</td>
                    <td className="px-3 py-2">{property.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <DialogFooter>
          {canManage && properties.length > 0 ? (
            <Button
              type="submit"
              name="intent"
              value="deleteProperties"
              variant="destructive"
              className="sm:mr-auto"
            >
              <Trash2 aria-hidden />
              {t('componentDetails.properties.delete')}
            </Button>
          ) : null}
          <Button asChild variant="secondary">
            <Link to={closeTo} preventScrollReset replace>
              {t('common.close')}
            </Link>
          </Button>
          {canManage ? (
            <Button asChild>
              <Link to={createTo} preventScrollReset replace>
                <Plus aria-hidden />
                {t('componentDetails.properties.create')}
              </Link>
            </Button>
          ) : null}
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

/** Create Component Property: group optional, seven types (no encrypted strings). */
export function CreatePropertyDialog({
  types,
  constraint,
  lastResult,
  closeTo,
}: {
  types: readonly string[]
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'create-property',
    constraint,
    lastResult,
    defaultValue: { propertyType: 'STRING' },
  })
  const value = fields.propertyValue!
  const type = fields.propertyType!
  const description = fields.description!
  const valueErrorId = value.errors?.length ? `${value.id}-error` : undefined
  return (
    <UrlDialog title={t('componentDetails.properties.createTitle')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <Field
          labelProps={{ children: t('componentDetails.properties.columns.group') }}
          inputProps={getInputProps(fields.groupName!, { type: 'text' })}
          errors={translateErrors(t, fields.groupName?.errors)}
        />
        <Field
          labelProps={{ children: t('componentDetails.properties.columns.name') }}
          inputProps={getInputProps(fields.propertyName!, { type: 'text' })}
          errors={translateErrors(t, fields.propertyName?.errors)}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={value.id}>{t('componentDetails.properties.columns.value')}</Label>
          <textarea
            {...getTextareaProps(value, { ariaAttributes: false })}
            aria-invalid={valueErrorId ? true : undefined}
            aria-describedby={valueErrorId}
            rows={3}
            className={textareaClass}
          />
          <ErrorList id={valueErrorId} errors={translateErrors(t, value.errors)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={type.id}>{t('componentDetails.properties.columns.type')}</Label>
          <select {...getSelectProps(type)} className={selectClass}>
            {types.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <Field
          labelProps={{ children: t('componentDetails.properties.columns.description') }}
          inputProps={getInputProps(description, { type: 'text' })}
          errors={translateErrors(t, description.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} preventScrollReset replace>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="createProperty">
            {t('componentDetails.properties.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

/** Asks before deleting: a component's findings and audit trail go with it. */
export function DeleteComponentDialog({ label, closeTo }: { label: string; closeTo: string }) {
  const { t } = useTranslation()
  return (
    <UrlDialog title={t('componentDetails.delete.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4">
        <p>{t('componentDetails.delete.message', { name: label })}</p>
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} preventScrollReset replace>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="deleteComponent" variant="destructive">
            <Trash2 aria-hidden />
            {t('componentDetails.delete.confirm')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
