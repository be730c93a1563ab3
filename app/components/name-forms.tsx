import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { ErrorList, Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

interface NameFormProps {
  /** The form's id, unique on the page. */
  id: string
  constraint: Constraint
  lastResult: SubmissionResult<string[]> | undefined
  /** The name field's label. */
  label: string
  submitLabel: string
}

/** A Create dialog that asks for a name only (posts intent=create). */
export function CreateNameDialog({
  title,
  closeTo,
  ...props
}: NameFormProps & { title: string; closeTo: string }) {
  const { t } = useTranslation()
  const [form, fields] = useForm<{ name: string }>({
    id: props.id,
    constraint: props.constraint,
    lastResult: props.lastResult,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: props.label }}
          inputProps={getInputProps(fields.name, { type: 'text' })}
          errors={translate(fields.name.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit">{props.submitLabel}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

/** A named thing's name in a card, saved with its own button (posts intent=rename). */
export function RenameCard({
  title,
  name,
  headingLevel = 3,
  ...props
}: NameFormProps & { title: string; name: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const [form, fields] = useForm<{ name: string }>({
    id: props.id,
    constraint: props.constraint,
    lastResult: props.lastResult,
    defaultValue: { name },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const titleId = `${props.id}-title`
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={titleId} className="rounded-lg border bg-card p-5">
      <Heading id={titleId} className="mb-3 text-lg font-semibold">
        {title}
      </Heading>
      <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="rename" />
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-[min(18rem,100%)] flex-1 flex-col gap-2">
            <Label htmlFor={fields.name.id}>{props.label}</Label>
            <Input {...getInputProps(fields.name, { type: 'text' })} />
          </div>
          <Button type="submit" variant="secondary">
            {props.submitLabel}
          </Button>
        </div>
        <ErrorList id={fields.name.errorId} errors={translate(fields.name.errors)} />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
      </Form>
    </section>
  )
}
