import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from '@conform-to/react'
import type { SubmissionResult } from '@conform-to/react'
import { Form, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { CLASSIFIERS, COLLECTION_LOGICS } from '~/utils/portfolio.ts'
import { listHref } from '~/components/list-kit/url-state.ts'

const selectClass = 'h-10 w-full rounded-md border border-input bg-background px-3 text-sm'

export interface CreateProjectChoices {
  teams: Array<{ uuid: string; name: string }>
  aclEnabled: boolean
  parents: Array<{ uuid: string; name: string; version?: string }>
}

/** The 4.13 Create Project modal as a form that also works without JavaScript. */
export function CreateProjectDialog({
  choices,
  constraint,
  lastResult,
}: {
  choices: CreateProjectChoices
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'create-project',
    constraint,
    lastResult,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const onlyTeam = choices.aclEnabled && choices.teams.length === 1 ? choices.teams[0] : undefined

  return (
    <UrlDialog title={t('projects.create.title')} closeTo={listHref(searchParams, {})}>
      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t('projects.create.general')}</legend>
          <Field
            className="flex flex-col gap-2 sm:col-span-2"
            labelProps={{ children: t('projects.create.name') }}
            inputProps={{ ...getInputProps(fields.name!, { type: 'text' }), autoFocus: true }}
            errors={translate(fields.name?.errors)}
          />
          <Field
            labelProps={{ children: t('projects.create.version') }}
            inputProps={getInputProps(fields.version!, { type: 'text' })}
            errors={translate(fields.version?.errors)}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" name="isLatest" className="size-4" />
            {t('projects.create.isLatest')}
          </label>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.classifier!.id}>{t('projects.create.classifier')}</Label>
            <select
              {...getSelectProps(fields.classifier!)}
              defaultValue="APPLICATION"
              className={selectClass}
            >
              {CLASSIFIERS.map((classifier) => (
                <option key={classifier} value={classifier}>
                  {t(`classifier.${classifier}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.teamUuid!.id}>{t('projects.create.team')}</Label>
            <select
              {...getSelectProps(fields.teamUuid!)}
              required={choices.aclEnabled}
              defaultValue={onlyTeam?.uuid ?? ''}
              className={selectClass}
            >
              <option value="">{t('projects.create.noTeam')}</option>
              {choices.teams.map((team) => (
                <option key={team.uuid} value={team.uuid}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.collectionLogic!.id}>
              {t('projects.create.collectionLogic')}
            </Label>
            <select
              {...getSelectProps(fields.collectionLogic!)}
              defaultValue="NONE"
              className={selectClass}
            >
              {COLLECTION_LOGICS.map((logic) => (
                <option key={logic} value={logic}>
                  {t(`collectionLogic.${logic}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            labelProps={{ children: t('projects.create.collectionTag') }}
            inputProps={getInputProps(fields.collectionTag!, { type: 'text' })}
            hint={t('projects.create.collectionTagHint')}
          />
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={fields.parentUuid!.id}>{t('projects.create.parent')}</Label>
            <select {...getSelectProps(fields.parentUuid!)} defaultValue="" className={selectClass}>
              <option value="">{t('projects.create.noParent')}</option>
              {choices.parents.map((parent) => (
                <option key={parent.uuid} value={parent.uuid}>
                  {parent.version ? `${parent.name} : ${parent.version}` : parent.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={fields.description!.id}>{t('projects.create.description')}</Label>
            <textarea
              {...getTextareaProps(fields.description!)}
              rows={3}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            />
          </div>
          <Field
            className="flex flex-col gap-2 sm:col-span-2"
            labelProps={{ children: t('projects.create.tags') }}
            inputProps={getInputProps(fields.tags!, { type: 'text' })}
            hint={t('projects.create.tagsHint')}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t('projects.create.identity')}</legend>
          <Field
            labelProps={{ children: t('projects.create.group') }}
            inputProps={getInputProps(fields.group!, { type: 'text' })}
          />
          <Field
            labelProps={{ children: t('projects.create.swidTagId') }}
            inputProps={getInputProps(fields.swidTagId!, { type: 'text' })}
          />
          <Field
            className="flex flex-col gap-2 sm:col-span-2"
            labelProps={{ children: t('projects.create.purl') }}
            inputProps={getInputProps(fields.purl!, { type: 'text' })}
          />
          <Field
            className="flex flex-col gap-2 sm:col-span-2"
            labelProps={{ children: t('projects.create.cpe') }}
            inputProps={getInputProps(fields.cpe!, { type: 'text' })}
          />
        </fieldset>
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button type="submit">{t('projects.create.submit')}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
