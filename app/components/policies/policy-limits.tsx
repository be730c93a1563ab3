import { Form, Link } from '@remix-run/react'
import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { LimitPicker, type PickerView } from './limit-picker.tsx'

interface LimitedProject {
  uuid: string
  name: string
  version?: string
  active?: boolean
}

export interface PolicyLimitsView {
  projects: LimitedProject[]
  tags: Array<{ name: string }>
  includeChildren: boolean
  onlyLatestProjectVersion: boolean
  global: boolean
}

const projectLabel = (project: { name: string; version?: string }) =>
  project.version ? `${project.name} ${project.version}` : project.name

function RemoveButton({ intent, field, value, name }: Record<string, string>) {
  const { t } = useTranslation()
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name={field} value={value} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        size="sm"
        variant="ghost"
        aria-label={t('policyEditor.limits.removeNamed', { name })}
      >
        <X aria-hidden />
        {t('policyEditor.limits.remove')}
      </Button>
    </Form>
  )
}

/**
 * Limit To (§16.1): the projects and tags the policy applies to, with pickers to add more, and
 * whether children of those projects and only latest versions count. No limits: every project.
 */
export function PolicyLimits({
  policy,
  canPick,
  projectResults,
  tagResults,
  pageSize,
}: {
  policy: PolicyLimitsView
  /** Searching projects and tags needs VIEW_PORTFOLIO. */
  canPick: boolean
  projectResults?: PickerView<{ uuid: string; name: string; version?: string }>
  tagResults?: PickerView<{ name: string }>
  pageSize: number
}) {
  const { t } = useTranslation()
  const limitedProjects = new Set(policy.projects.map((project) => project.uuid))
  const limitedTags = new Set(policy.tags.map((tag) => tag.name))
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {policy.global ? t('policyEditor.limits.global') : t('policyEditor.limits.limited')}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="limit-projects" className="flex flex-col gap-3">
          <h4 id="limit-projects" className="font-medium">
            {t('policyEditor.limits.projects.title')}
          </h4>
          {policy.projects.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t('policyEditor.limits.projects.none')}
            </p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border">
              {policy.projects.map((project) => (
                <li
                  key={project.uuid}
                  className="flex items-center justify-between gap-3 px-3 py-1"
                >
                  <Link
                    to={`/projects/${project.uuid}`}
                    className="min-w-0 break-words text-sm text-primary hover:underline"
                  >
                    {projectLabel(project)}
                  </Link>
                  {project.active === false ? (
                    <span className="text-xs text-muted-foreground">
                      {t('policyEditor.limits.inactive')}
                    </span>
                  ) : null}
                  <RemoveButton
                    intent="unlimitProject"
                    field="project"
                    value={project.uuid}
                    name={projectLabel(project)}
                  />
                </li>
              ))}
            </ul>
          )}
          {canPick ? (
            <LimitPicker
              kind="projects"
              results={projectResults}
              pageSize={pageSize}
              keyOf={(row) => row.uuid}
              labelOf={projectLabel}
              isLimited={(row) => limitedProjects.has(row.uuid)}
              intent="limitProject"
              field="project"
            />
          ) : null}
        </section>
        <section aria-labelledby="limit-tags" className="flex flex-col gap-3">
          <h4 id="limit-tags" className="font-medium">
            {t('policyEditor.limits.tags.title')}
          </h4>
          {policy.tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('policyEditor.limits.tags.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-md border">
              {policy.tags.map((tag) => (
                <li key={tag.name} className="flex items-center justify-between gap-3 px-3 py-1">
                  <span className="min-w-0 break-words text-sm">{tag.name}</span>
                  <RemoveButton intent="unlimitTag" field="tag" value={tag.name} name={tag.name} />
                </li>
              ))}
            </ul>
          )}
          {canPick ? (
            <LimitPicker
              kind="tags"
              results={tagResults}
              pageSize={pageSize}
              keyOf={(row) => row.name}
              labelOf={(row) => row.name}
              isLimited={(row) => limitedTags.has(row.name)}
              intent="limitTag"
              field="tag"
            />
          ) : null}
        </section>
      </div>
      {canPick ? null : (
        <p className="text-sm text-muted-foreground">{t('policyEditor.limits.needsPortfolio')}</p>
      )}
      <Form
        key={`${policy.includeChildren}-${policy.onlyLatestProjectVersion}`}
        method="post"
        preventScrollReset
        className="flex flex-col gap-3 border-t pt-4"
      >
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="includeChildren"
            defaultChecked={policy.includeChildren}
            className="size-4"
          />
          {t('policyEditor.limits.includeChildren')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="onlyLatestProjectVersion"
            defaultChecked={policy.onlyLatestProjectVersion}
            className="size-4"
          />
          {t('policyEditor.limits.onlyLatest')}
        </label>
        <div>
          <Button type="submit" name="intent" value="scope" variant="secondary">
            {t('policyEditor.limits.saveScope')}
          </Button>
        </div>
      </Form>
    </div>
  )
}
