import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useLocation } from '@remix-run/react'
import { Lock, Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { dialogUrl, DIALOG_KEYS } from './dialog-url.ts'
import { FieldErrors, selectClass, textareaClass, translateErrors } from './parts.tsx'
import { PROPERTY_TYPES } from '../../../common/dt-vocabulary.ts'

export interface PropertyRow {
  groupName: string
  propertyName: string
  propertyValue?: string
  propertyType: string
  description?: string
}

/** The 4.13 Project Properties modal: search, check rows, delete them, or create one. */
export function PropertiesDialog({
  projectUuid,
  properties,
  search,
}: {
  projectUuid: string
  properties: PropertyRow[]
  search?: string
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const kept = [...new URLSearchParams(location.search).entries()].filter(
    ([key]) => !(DIALOG_KEYS as readonly string[]).includes(key),
  )
  const back = dialogUrl(location.pathname, location.search, { details: 'general' })

  return (
    <UrlDialog title={t('projectDetails.properties.title')} closeTo={back}>
      <div className="flex flex-col gap-4">
        <Form
          method="get"
          action={location.pathname}
          role="search"
          className="flex items-end gap-2"
        >
          {kept.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <input type="hidden" name="properties" value="" />
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="property-search">{t('projectDetails.properties.search')}</Label>
            <Input
              id="property-search"
              type="search"
              name="propertySearch"
              defaultValue={search ?? ''}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('common.apply')}
          </Button>
        </Form>

        <Form
          method="post"
          action={`/projects/${projectUuid}${location.search}`}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('projectDetails.properties.title')}</caption>
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className="w-8 py-2 pr-2">
                    <span className="sr-only">{t('projectDetails.properties.select')}</span>
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('projectDetails.properties.group')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('projectDetails.properties.name')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('projectDetails.properties.value')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('projectDetails.properties.type')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('projectDetails.properties.description')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {properties.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="py-3 text-muted-foreground">
                      {search
                        ? t('projectDetails.properties.noMatch')
                        : t('projectDetails.properties.none')}
                    </td>
                  </tr>
                ) : (
                  properties.map((property) => {
                    const key = JSON.stringify([property.groupName, property.propertyName])
                    return (
                      <tr key={key} className="border-b align-top last:border-0">
                        <td className="py-2 pr-2">
                          <input
                            type="checkbox"
                            name="selected"
                            value={key}
                            aria-label={t('projectDetails.properties.selectRow', {
                              name: `${property.groupName} / ${property.propertyName}`,
                            })}
                            className="size-4"
                          />
                        </td>
                        <td className="break-all py-2 pr-3">{property.groupName}</td>
                        <td className="break-all py-2 pr-3">{property.propertyName}</td>
                        <td className="break-all py-2 pr-3">
                          {property.propertyType === 'ENCRYPTEDSTRING' ? (
                            <span className="inline-flex items-center gap-1 whitespace-nowrap text-muted-foreground">
                              <Lock aria-hidden className="size-3" />
                              {t('projectDetails.properties.hidden')}
                            </span>
                          ) : (
                            property.propertyValue
                          )}
                        </td>
                        <td className="py-2 pr-3">
                          <code>{property.propertyType}</code>
                        </td>
                        <td className="py-2">{property.description}</td>
                      </tr>
                    )
                  })
                )}
              </tbody>
            </table>
          </div>
          <DialogFooter className="items-center">
            <Button
              type="submit"
              name="intent"
              value="deleteProperties"
              variant="destructive"
              size="sm"
              disabled={properties.length === 0}
            >
              <Trash2 aria-hidden />
              {t('projectDetails.properties.deleteSelected')}
            </Button>
            <div className="ml-auto flex gap-2">
              <Button asChild variant="secondary">
                <Link to={back} replace preventScrollReset>
                  {t('common.close')}
                </Link>
              </Button>
              <Button asChild>
                <Link
                  to={dialogUrl(location.pathname, location.search, { properties: 'create' })}
                  replace
                  preventScrollReset
                >
                  <Plus aria-hidden />
                  {t('projectDetails.properties.create')}
                </Link>
              </Button>
            </div>
          </DialogFooter>
        </Form>
      </div>
    </UrlDialog>
  )
}

/** The Create Project Property modal; encrypted values are write-only. */
export function CreatePropertyDialog({
  projectUuid,
  constraint,
  lastResult,
}: {
  projectUuid: string
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const back = dialogUrl(location.pathname, location.search, { properties: '' })
  const [form, fields] = useForm<Record<string, string>>({
    id: `create-property-${projectUuid}`,
    constraint,
    lastResult,
    defaultValue: { propertyType: 'STRING' },
  })
  const errors = (name: string) => translateErrors(t, fields[name]?.errors)

  return (
    <UrlDialog title={t('projectDetails.properties.createTitle')} closeTo={back}>
      <Form
        method="post"
        action={`/projects/${projectUuid}${location.search}`}
        className="flex flex-col gap-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: t('projectDetails.properties.group') }}
            inputProps={{ ...getInputProps(fields.groupName!, { type: 'text' }), autoFocus: true }}
            errors={errors('groupName')}
          />
          <Field
            labelProps={{ children: t('projectDetails.properties.name') }}
            inputProps={getInputProps(fields.propertyName!, { type: 'text' })}
            errors={errors('propertyName')}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.propertyValue!.id}>{t('projectDetails.properties.value')}</Label>
          <textarea
            {...getTextareaProps(fields.propertyValue!, {
              ariaDescribedBy: `${fields.propertyValue!.id}-hint`,
            })}
            rows={3}
            className={textareaClass}
          />
          <p id={`${fields.propertyValue!.id}-hint`} className="text-xs text-muted-foreground">
            {t('projectDetails.properties.valueHint')}
          </p>
          <FieldErrors id={fields.propertyValue!.errorId} errors={fields.propertyValue!.errors} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.propertyType!.id}>{t('projectDetails.properties.type')}</Label>
          <select {...getSelectProps(fields.propertyType!)} className={selectClass}>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`projectDetails.propertyTypes.${type}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.propertyType!.errorId} errors={fields.propertyType!.errors} />
        </div>
        <Field
          labelProps={{ children: t('projectDetails.properties.description') }}
          inputProps={getInputProps(fields.description!, { type: 'text' })}
          errors={errors('description')}
        />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={back} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="createProperty">
            {t('projectDetails.properties.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
