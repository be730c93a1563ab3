import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/utils/misc.ts'
import { dateInputValue } from './key-expiry.ts'

type Result = SubmissionResult<string[]> | undefined

/** A dialog posting one form about the team's keys: its fields, errors, Cancel and submit. */
function KeyFormDialog({
  id,
  title,
  intent,
  publicId,
  submitLabel,
  lastResult,
  closeTo,
  children,
}: {
  id: string
  title: string
  intent: string
  publicId?: string
  submitLabel: string
  lastResult: Result
  closeTo: string
  children: (fields: ReturnType<typeof useForm<Record<string, string>>>[1]) => ReactNode
}) {
  const { t } = useTranslation()
  const pending = useIsPending()
  const [form, fields] = useForm<Record<string, string>>({ id, lastResult })
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {publicId ? <input type="hidden" name="publicId" value={publicId} /> : null}
        {children(fields)}
        <FormErrorAlert id={form.errorId} errors={form.errors?.map((error) => t(error))} />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

type Fields = Parameters<Parameters<typeof KeyFormDialog>[0]['children']>[0]

/** The optional expiry date (beyond 4.13): empty for a key that never expires. */
function ExpiryField({ fields, today, value }: { fields: Fields; today: string; value?: string }) {
  const { t } = useTranslation()
  const field = fields.expires!
  return (
    <Field
      labelProps={{ children: t('teamAdmin.keys.expiryField') }}
      inputProps={{
        ...getInputProps(field, { type: 'date' }),
        defaultValue: field.initialValue ?? value ?? '',
        min: today,
      }}
      errors={field.errors?.map((error) => t(error))}
      hint={t('teamAdmin.keys.expiryHint')}
    />
  )
}

function CommentField({ fields, value }: { fields: Fields; value?: string }) {
  const { t } = useTranslation()
  const field = fields.comment!
  return (
    <Field
      labelProps={{ children: t('teamAdmin.keys.commentField') }}
      inputProps={{
        ...getInputProps(field, { type: 'text' }),
        defaultValue: field.initialValue ?? value ?? '',
        maxLength: 255,
        autoComplete: 'off',
      }}
      errors={field.errors?.map((error) => t(error))}
      hint={t('teamAdmin.keys.commentHint')}
    />
  )
}

/** Create API key: optionally when it expires and what it is for; the key is shown next, once. */
export function CreateKeyDialog(props: { today: string; lastResult: Result; closeTo: string }) {
  const { t } = useTranslation()
  return (
    <KeyFormDialog
      id="create-api-key"
      title={t('teamAdmin.keys.createTitle')}
      intent="createKey"
      submitLabel={t('teamAdmin.keys.createSubmit')}
      lastResult={props.lastResult}
      closeTo={props.closeTo}
    >
      {(fields) => (
        <>
          <ExpiryField fields={fields} today={props.today} />
          <CommentField fields={fields} />
        </>
      )}
    </KeyFormDialog>
  )
}

/** 4.13's "API key comment" modal. */
export function KeyCommentDialog(props: {
  apiKey: { publicId: string; maskedKey: string; comment?: string }
  lastResult: Result
  closeTo: string
}) {
  const { t } = useTranslation()
  return (
    <KeyFormDialog
      id="api-key-comment"
      title={t('teamAdmin.keys.commentTitle', { key: props.apiKey.maskedKey })}
      intent="comment"
      publicId={props.apiKey.publicId}
      submitLabel={t('teamAdmin.keys.save')}
      lastResult={props.lastResult}
      closeTo={props.closeTo}
    >
      {(fields) => <CommentField fields={fields} value={props.apiKey.comment} />}
    </KeyFormDialog>
  )
}

/** Beyond 4.13: change when a key stops working, or make it never expire. */
export function KeyExpiryDialog(props: {
  apiKey: { publicId: string; maskedKey: string; expires?: number }
  today: string
  lastResult: Result
  closeTo: string
}) {
  const { t } = useTranslation()
  return (
    <KeyFormDialog
      id="api-key-expiry"
      title={t('teamAdmin.keys.expiryTitle', { key: props.apiKey.maskedKey })}
      intent="expiry"
      publicId={props.apiKey.publicId}
      submitLabel={t('teamAdmin.keys.save')}
      lastResult={props.lastResult}
      closeTo={props.closeTo}
    >
      {(fields) => (
        <ExpiryField
          fields={fields}
          today={props.today}
          value={dateInputValue(props.apiKey.expires)}
        />
      )}
    </KeyFormDialog>
  )
}
