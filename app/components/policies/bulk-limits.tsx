import { Search } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectChoice } from '~/api/policies.server.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import {
  BULK_PROBLEMS_ID,
  bulkFieldId,
  type BulkField,
  type BulkFieldsProps,
} from './bulk-schema.ts'
import { projectLabel } from './policy-table.tsx'

const groupClass = 'flex min-w-0 flex-col gap-3 rounded-md border p-3'
const legendClass = 'px-1 text-sm font-semibold'
const hintClass = 'text-sm text-muted-foreground'

/** Checkboxes that submit `name` once per ticked item; the legend says what ticking does. */
function CheckList({
  field,
  name,
  legend,
  items,
  checked,
  invalid,
}: {
  field: BulkField
  name: string
  legend: string
  items: Array<{ value: string; label: string }>
  checked: readonly string[]
  invalid: BulkFieldsProps['invalid']
}) {
  const wrong = invalid.has(field)
  return (
    <fieldset
      id={bulkFieldId(field)}
      aria-describedby={wrong ? BULK_PROBLEMS_ID : undefined}
      className="flex min-w-0 flex-col gap-1"
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {items.map((item) => (
          <li key={item.value} className="min-w-0">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={name}
                value={item.value}
                defaultChecked={checked.includes(item.value)}
                aria-invalid={wrong || undefined}
                className="size-4 shrink-0"
              />
              <span className="break-words">{item.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

const asItems = (projects: ProjectChoice[]) =>
  projects.map((project) => ({ value: project.uuid, label: projectLabel(project) }))

/** A server-side search of active projects, and checkboxes to add the ones found. */
function ProjectFinder({
  draft,
  invalid,
  found,
  chosen,
}: BulkFieldsProps & {
  found: { projects: ProjectChoice[]; total: number } | undefined
  chosen: ProjectChoice[]
}) {
  const { t } = useTranslation()
  const candidates = [...chosen, ...(found?.projects ?? [])]
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={bulkFieldId('projectSearch')} className="text-sm font-medium">
          {t('policies.bulk.projectSearch')}
        </label>
        <div className="flex gap-2">
          <Input
            id={bulkFieldId('projectSearch')}
            type="search"
            name="projectSearch"
            defaultValue={draft.projectSearch}
          />
          <Button
            type="submit"
            name="intent"
            value="findProjects"
            variant="secondary"
            formNoValidate
          >
            <Search aria-hidden />
            {t('policies.bulk.find')}
          </Button>
        </div>
      </div>
      {candidates.length > 0 ? (
        <CheckList
          field="addProjects"
          name="addProject"
          legend={t('policies.bulk.addProjects')}
          items={asItems(candidates)}
          checked={draft.addProjects}
          invalid={invalid}
        />
      ) : null}
      <p role="status" className={hintClass}>
        {!found
          ? t('policies.bulk.findHint')
          : found.projects.length === 0
            ? t('policies.bulk.foundNone')
            : found.total > found.projects.length
              ? t('policies.bulk.foundMore', { shown: found.projects.length, total: found.total })
              : null}
      </p>
    </>
  )
}

/**
 * Projects to limit the selection to, found by a server-side search (a button of the same form,
 * so the selection and the other changes travel along), and projects to take away from it:
 * those the policies on this page are limited to.
 */
export function BulkProjects({
  draft,
  invalid,
  canSearch,
  found,
  chosen,
  pageProjects,
}: BulkFieldsProps & {
  /** Finding projects needs VIEW_PORTFOLIO; taking listed ones away does not. */
  canSearch: boolean
  found: { projects: ProjectChoice[]; total: number } | undefined
  chosen: ProjectChoice[]
  pageProjects: ProjectChoice[]
}) {
  const { t } = useTranslation()
  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>{t('policies.bulk.projects')}</legend>
      {canSearch ? (
        <ProjectFinder draft={draft} invalid={invalid} found={found} chosen={chosen} />
      ) : null}
      {pageProjects.length > 0 ? (
        <CheckList
          field="removeProjects"
          name="removeProject"
          legend={t('policies.bulk.removeProjects')}
          items={asItems(pageProjects)}
          checked={draft.removeProjects}
          invalid={invalid}
        />
      ) : (
        <p className={hintClass}>{t('policies.bulk.noProjectLimits')}</p>
      )}
    </fieldset>
  )
}

/** A tag to limit the selection to (an existing one, suggested as you type), and tags to remove. */
export function BulkTags({
  draft,
  invalid,
  pageTags,
  suggestions,
}: BulkFieldsProps & { pageTags: string[]; suggestions: string[] }) {
  const { t } = useTranslation()
  const wrong = invalid.has('addTag')
  const hintId = `${bulkFieldId('addTag')}-hint`
  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>{t('policies.bulk.tags')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={bulkFieldId('addTag')} className="text-sm font-medium">
          {t('policies.bulk.addTag')}
        </label>
        <Input
          id={bulkFieldId('addTag')}
          name="addTag"
          defaultValue={draft.addTag}
          list={suggestions.length > 0 ? 'bulk-tag-suggestions' : undefined}
          autoComplete="off"
          aria-invalid={wrong || undefined}
          aria-describedby={[hintId, wrong ? BULK_PROBLEMS_ID : ''].join(' ').trim()}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('policies.bulk.addTagHint')}
        </p>
        {suggestions.length > 0 ? (
          <datalist id="bulk-tag-suggestions">
            {suggestions.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        ) : null}
      </div>
      {pageTags.length > 0 ? (
        <CheckList
          field="removeTags"
          name="removeTag"
          legend={t('policies.bulk.removeTags')}
          items={pageTags.map((tag) => ({ value: tag, label: tag }))}
          checked={draft.removeTags}
          invalid={invalid}
        />
      ) : (
        <p className={hintClass}>{t('policies.bulk.noTagLimits')}</p>
      )}
    </fieldset>
  )
}
