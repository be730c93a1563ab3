import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/utils/misc.ts'
import { teamPath } from './paths.ts'

/** The Teams list: name (to the team's page), number of API keys, number of members. */
export function TeamsTable({
  rows,
}: {
  rows: Array<{ uuid: string; name: string; apiKeys: number; members: number }>
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('teamAdmin.caption')}
      columns={[
        { key: 'name', label: t('teamAdmin.columns.name'), sort: 'name' },
        {
          key: 'apiKeys',
          label: t('teamAdmin.columns.apiKeys'),
          sort: 'apiKeys',
          className: 'text-right',
        },
        {
          key: 'members',
          label: t('teamAdmin.columns.members'),
          sort: 'members',
          className: 'text-right',
        },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.uuid} className="border-t">
          <td className={cellClass}>
            <Link
              to={teamPath(row.uuid)}
              className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
            >
              {row.name}
            </Link>
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{row.apiKeys}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{row.members}</td>
        </tr>
      ))}
    </ListTable>
  )
}

/** Create Team: its name (names need not be unique, as in 4.13). */
export function TeamNameDialog({
  constraint,
  lastResult,
  closeTo,
}: {
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const pending = useIsPending()
  const [form, fields] = useForm<{ name: string }>({ id: 'create-team', constraint, lastResult })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <UrlDialog title={t('teamAdmin.create.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: t('teamAdmin.fields.name') }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
          errors={translate(fields.name.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {t('teamAdmin.create.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
