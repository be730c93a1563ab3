import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useLocation } from '@remix-run/react'
import { ChevronRight, Copy, Settings2, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  ExternalReferencesTable,
  type ExternalReference,
} from '~/components/external-references.tsx'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import { cn } from '~/utils/misc.ts'
import { CLASSIFIERS, COLLECTION_LOGICS } from '~/utils/portfolio.ts'
import { dialogUrl, visibleDetailTabs, type DetailTab } from './dialog-url.ts'
import {
  ContactsTable,
  EntityPanel,
  FieldErrors,
  selectClass,
  Switch,
  textareaClass,
  translateErrors,
  type ContactView,
  type EntityView,
} from './parts.tsx'
import { Identifier } from '~/components/identifier.tsx'

export interface DetailsProject {
  uuid: string
  name: string
  version?: string
  isLatest?: boolean
  classifier?: string
  collectionLogic?: string
  collectionTag?: { name: string }
  parent?: { uuid: string; name: string; version?: string }
  description?: string
  tags?: Array<{ name: string }>
  active?: boolean
  group?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  manufacturer?: EntityView
  supplier?: EntityView
  externalReferences?: ExternalReference[]
  metadata?: { supplier?: EntityView; authors?: ContactView[] }
}

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

const parentLabel = (parent: { name: string; version?: string }) =>
  parent.version ? `${parent.name} : ${parent.version}` : parent.name

/** The 4.13 Project Details modal; General and Identity are one form, so no tab loses edits. */
export function ProjectDetailsDialog({
  project,
  tab,
  canManage,
  activeLocked,
  parents,
  constraint,
  lastResult,
}: {
  project: DetailsProject
  tab: DetailTab
  canManage: boolean
  activeLocked: boolean
  parents: Array<{ uuid: string; name: string; version?: string }>
  constraint: Constraint
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const here = (open: Parameters<typeof dialogUrl>[2]) =>
    dialogUrl(location.pathname, location.search, open)
  const tabs = visibleDetailTabs(project)
  const current = tabs.includes(tab) ? tab : 'general'
  const [form, fields] = useForm<Record<string, string>>({
    id: `project-details-${project.uuid}`,
    constraint,
    lastResult,
    defaultValue: {
      name: project.name,
      version: project.version ?? '',
      isLatest: project.isLatest ? 'on' : '',
      classifier: project.classifier ?? 'APPLICATION',
      collectionLogic: project.collectionLogic ?? 'NONE',
      collectionTag: project.collectionTag?.name ?? '',
      parentUuid: project.parent?.uuid ?? '',
      description: project.description ?? '',
      tags: (project.tags ?? []).map((tag) => tag.name).join(' '),
      active: project.active === false ? '' : 'on',
      group: project.group ?? '',
      purl: project.purl ?? '',
      cpe: project.cpe ?? '',
      swidTagId: project.swidTagId ?? '',
    },
  })
  const errorsOf = (name: string) => fields[name]?.errors
  const choices =
    project.parent && !parents.some((parent) => parent.uuid === project.parent?.uuid)
      ? [project.parent, ...parents]
      : parents
  const isActive = fields.active!.initialValue === 'on'
  const references = project.externalReferences ?? []

  return (
    <UrlDialog title={t('projectDetails.title')} closeTo={here({})}>
      <nav aria-label={t('projectDetails.tabsLabel')} className="mb-4 border-b">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((name) => (
            <li key={name}>
              <Link
                to={here({ details: name })}
                replace
                preventScrollReset
                aria-current={name === current ? 'page' : undefined}
                className={cn(
                  'block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
                  name === current
                    ? 'border-primary font-semibold text-foreground'
                    : 'text-muted-foreground',
                )}
              >
                {t(`projectDetails.tabs.${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="post"
        action={`/projects/${project.uuid}${location.search}`}
        className="flex flex-col gap-6"
        {...getFormProps(form)}
      >
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <fieldset disabled={!canManage} className="contents">
          <legend className="sr-only">{t('projectDetails.title')}</legend>
          <div
            hidden={current !== 'general'}
            className={cn('grid gap-4 sm:grid-cols-2', current !== 'general' && 'hidden')}
          >
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('projectDetails.fields.name') }}
              inputProps={getInputProps(fields.name!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('name'))}
            />
            <Field
              labelProps={{ children: t('projectDetails.fields.version') }}
              inputProps={getInputProps(fields.version!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('version'))}
            />
            <div className="self-end pb-2">
              <Switch
                id={fields.isLatest!.id}
                name="isLatest"
                label={t('projectDetails.fields.isLatest')}
                defaultChecked={fields.isLatest!.initialValue === 'on'}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={fields.classifier!.id}>{t('projectDetails.fields.classifier')}</Label>
              <select {...getSelectProps(fields.classifier!)} className={selectClass}>
                {CLASSIFIERS.map((classifier) => (
                  <option key={classifier} value={classifier}>
                    {t(`classifier.${classifier}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={fields.collectionLogic!.id}>
                {t('projectDetails.fields.collectionLogic')}
              </Label>
              <select {...getSelectProps(fields.collectionLogic!)} className={selectClass}>
                {COLLECTION_LOGICS.map((logic) => (
                  <option key={logic} value={logic}>
                    {t(`collectionLogic.${logic}`)}
                  </option>
                ))}
              </select>
              <FieldErrors
                id={`${fields.collectionLogic!.id}-error`}
                errors={errorsOf('collectionLogic')}
              />
            </div>
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('projectDetails.fields.collectionTag') }}
              inputProps={getInputProps(fields.collectionTag!, { type: 'text' })}
              hint={t('projectDetails.fields.collectionTagHint')}
            />
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={fields.parentUuid!.id}>{t('projectDetails.fields.parent')}</Label>
              <select {...getSelectProps(fields.parentUuid!)} className={selectClass}>
                <option value="">{t('projectDetails.fields.noParent')}</option>
                {choices.map((parent) => (
                  <option key={parent.uuid} value={parent.uuid}>
                    {parentLabel(parent)}
                  </option>
                ))}
              </select>
              <FieldErrors id={`${fields.parentUuid!.id}-error`} errors={errorsOf('parentUuid')} />
            </div>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={fields.description!.id}>
                {t('projectDetails.fields.description')}
              </Label>
              <textarea
                {...getTextareaProps(fields.description!)}
                rows={3}
                className={textareaClass}
              />
            </div>
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('projectDetails.fields.tags') }}
              inputProps={getInputProps(fields.tags!, { type: 'text' })}
              hint={t('projectDetails.fields.tagsHint')}
            />
            <div className="sm:col-span-2">
              <Switch
                id={fields.active!.id}
                name="active"
                label={t('projectDetails.fields.active')}
                defaultChecked={isActive}
                disabled={!canManage || (isActive && activeLocked)}
                hint={
                  isActive && activeLocked ? t('projectDetails.fields.activeLocked') : undefined
                }
              />
              {canManage && isActive && activeLocked ? (
                <input type="hidden" name="active" value="on" />
              ) : null}
            </div>
            <dl className="flex flex-col gap-1 text-sm sm:col-span-2">
              <dt className="font-medium">{t('projectDetails.fields.uuid')}</dt>
              <dd>
                <Identifier value={project.uuid} />
              </dd>
            </dl>
          </div>

          <div
            hidden={current !== 'identity'}
            className={cn('grid gap-4 sm:grid-cols-2', current !== 'identity' && 'hidden')}
          >
            <dl className="grid gap-2 text-sm sm:col-span-2 sm:grid-cols-[10rem_1fr]">
              <dt className="text-muted-foreground">{t('projectDetails.fields.name')}</dt>
              <dd>{project.name}</dd>
              <dt className="text-muted-foreground">{t('projectDetails.fields.version')}</dt>
              <dd>{project.version ?? '—'}</dd>
            </dl>
            <Field
              labelProps={{ children: t('projectDetails.fields.group') }}
              inputProps={getInputProps(fields.group!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('group'))}
            />
            <Field
              labelProps={{ children: t('projectDetails.fields.swidTagId') }}
              inputProps={getInputProps(fields.swidTagId!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('swidTagId'))}
            />
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('projectDetails.fields.purl') }}
              inputProps={getInputProps(fields.purl!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('purl'))}
            />
            <Field
              className="flex flex-col gap-2 sm:col-span-2"
              labelProps={{ children: t('projectDetails.fields.cpe') }}
              inputProps={getInputProps(fields.cpe!, { type: 'text' })}
              errors={translateErrors(t, errorsOf('cpe'))}
            />
          </div>
        </fieldset>

        {current === 'manufacturer' && project.manufacturer ? (
          <EntityPanel entity={project.manufacturer} />
        ) : null}
        {current === 'supplier' && project.supplier ? (
          <EntityPanel entity={project.supplier} />
        ) : null}
        {current === 'references' ? <ExternalReferencesTable references={references} /> : null}
        {current === 'bom' ? (
          <div className="flex flex-col gap-6">
            <ContactsTable
              caption={t('projectDetails.bom.authors')}
              contacts={project.metadata?.authors ?? []}
            />
            {project.metadata?.supplier ? (
              <section aria-labelledby="bom-supplier" className="flex flex-col gap-2">
                <h3 id="bom-supplier" className="font-medium">
                  {t('projectDetails.bom.supplier')}
                </h3>
                <EntityPanel entity={project.metadata.supplier} />
              </section>
            ) : null}
          </div>
        ) : null}

        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter className="items-center">
          {canManage ? (
            <>
              <Button asChild variant="destructive" size="sm">
                <Link to={here({ delete: '' })} replace preventScrollReset>
                  <Trash2 aria-hidden />
                  {t('projectDetails.delete.open')}
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={here({ properties: '' })} replace preventScrollReset>
                  <Settings2 aria-hidden />
                  {t('projectDetails.properties.open')}
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to={here({ addVersion: '' })} replace preventScrollReset>
                  <Copy aria-hidden />
                  {t('projectDetails.addVersion.open')}
                </Link>
              </Button>
            </>
          ) : null}
          <div className="ml-auto flex gap-2">
            <Button asChild variant="secondary">
              <Link to={here({})} replace preventScrollReset>
                {t('common.close')}
              </Link>
            </Button>
            {canManage ? (
              <Button type="submit" name="intent" value="update">
                {t('projectDetails.update')}
              </Button>
            ) : null}
          </div>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

/** The header's "View Details ›" link: opens the dialog on the tab the reader is on. */
export function ViewDetailsLink() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <Link
      to={dialogUrl(location.pathname, location.search, { details: 'general' })}
      preventScrollReset
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('projectDetails.viewDetails')}
      <ChevronRight aria-hidden className="size-4" />
    </Link>
  )
}
