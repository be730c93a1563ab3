import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { dialogUrl } from './dialog-url.ts'
import { Switch, translateErrors } from './parts.tsx'

const INCLUDES = [
  'includeTags',
  'includeProperties',
  'includeComponents',
  'includeServices',
  'includeAuditHistory',
  'includeACL',
  'includePolicyViolations',
] as const

/** The 4.13 Add Version modal: a clone of this project under a new version, made in the background. */
export function AddVersionDialog({
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
  const back = dialogUrl(location.pathname, location.search, { details: 'general' })
  const [form, fields] = useForm<Record<string, string>>({
    id: `add-version-${projectUuid}`,
    constraint,
    lastResult,
  })
  const submitted = lastResult?.initialValue
  const isOn = (name: string, fallback: boolean) =>
    submitted ? submitted[name] === 'on' : fallback

  return (
    <UrlDialog title={t('projectDetails.addVersion.title')} closeTo={back}>
      <Form
        method="post"
        action={`/projects/${projectUuid}${location.search}`}
        className="flex flex-col gap-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <Field
          labelProps={{ children: t('projectDetails.addVersion.version') }}
          inputProps={{ ...getInputProps(fields.version!, { type: 'text' }), autoFocus: true }}
          errors={translateErrors(t, fields.version?.errors)}
        />
        <Switch
          id={`${form.id}-latest`}
          name="makeCloneLatest"
          label={t('projectDetails.addVersion.makeCloneLatest')}
          defaultChecked={isOn('makeCloneLatest', false)}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">
            {t('projectDetails.addVersion.include')}
          </legend>
          {INCLUDES.map((name) => (
            <Switch
              key={name}
              id={`${form.id}-${name}`}
              name={name}
              label={t(`projectDetails.addVersion.${name}`)}
              defaultChecked={isOn(name, true)}
            />
          ))}
        </fieldset>
        <p className="text-sm text-muted-foreground">{t('projectDetails.addVersion.background')}</p>
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={back} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="addVersion">
            {t('projectDetails.addVersion.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
