import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import {
  POLICY_OPERATORS,
  POLICY_VIOLATION_STATES,
  type PolicyOperator,
  type PolicyViolationState,
} from '../../../common/dt-vocabulary.ts'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { selectClass } from '~/components/vulnerabilities/editor/parts.tsx'
import { useIsPending } from '~/utils/misc.ts'

/** Name, operator and violation state of one policy, saved together. */
export function PolicyGeneralForm({
  policy,
  constraint,
  lastResult,
}: {
  policy: { name: string; operator: PolicyOperator; violationState: PolicyViolationState }
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'policy-general',
    constraint,
    lastResult,
    defaultValue: policy,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
      {...getFormProps(form)}
    >
      <Field
        labelProps={{ children: t('policyEditor.general.name') }}
        inputProps={getInputProps(fields.name!, { type: 'text' })}
        errors={translate(fields.name?.errors)}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.operator!.id}>{t('policyEditor.general.operator')}</Label>
        <select {...getSelectProps(fields.operator!)} className={selectClass}>
          {POLICY_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {t(`policies.operator.${operator}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.violationState!.id}>
          {t('policyEditor.general.violationState')}
        </Label>
        <select {...getSelectProps(fields.violationState!)} className={selectClass}>
          {POLICY_VIOLATION_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`policies.violationState.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" name="intent" value="general" className="md:mt-6">
        {t('policyEditor.general.save')}
      </Button>
      <div className="md:col-span-4">
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
      </div>
    </Form>
  )
}

/** Delete Policy asks once more: the conditions and every violation they found go with it. */
export function DeletePolicyDialog({ name, closeTo }: { name: string; closeTo: string }) {
  const { t } = useTranslation()
  const pending = useIsPending()
  return (
    <UrlDialog title={t('policyEditor.delete.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-6">
        <p className="text-sm">{t('policyEditor.delete.message', { name })}</p>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button
            type="submit"
            name="intent"
            value="delete"
            variant="destructive"
            disabled={pending}
          >
            {t('policyEditor.delete.confirm')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
