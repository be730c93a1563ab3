import { useTranslation } from 'react-i18next'
import type { BatchProblem, ProjectChoice } from '~/api/policies.server.ts'
import { Alert } from '~/components/ui/alert.tsx'
import { translateServerMessage } from '~/utils/api-errors.ts'
import { BULK_PROBLEMS_ID, bulkFieldId, type BulkProblem } from './bulk-schema.ts'
import { projectLabel } from './policy-table.tsx'

/** The reasons POST /policy/batch gives, by the key of their translation. */
const BATCH_REASONS: Record<string, string> = {
  'Policy not found': 'policies.bulk.refusals.policy',
  'Project not found': 'policies.bulk.refusals.project',
  'Tag not found': 'policies.bulk.refusals.tag',
}

/** What the page knows by name: a refusal's key is a policy or project uuid, or a tag name. */
export interface KnownNames {
  policies: Array<{ uuid: string; name: string }>
  projects: ProjectChoice[]
  tags: string[]
}

/**
 * Why nothing was changed: the form's own problems, each linking to its field, and the API's
 * refusals, each naming the policy, project or tag it is about.
 */
export function BulkProblems({
  problems,
  refusals,
  known,
}: {
  problems: BulkProblem[]
  refusals: BatchProblem[]
  known: KnownNames
}) {
  const { t } = useTranslation()
  if (problems.length === 0 && refusals.length === 0) return null
  const names = new Map<string, string>()
  for (const tag of known.tags) names.set(tag, t('policies.bulk.tagNamed', { name: tag }))
  for (const project of known.projects) {
    names.set(project.uuid, t('policies.bulk.projectNamed', { name: projectLabel(project) }))
  }
  for (const policy of known.policies) {
    names.set(policy.uuid, t('policies.bulk.policyNamed', { name: policy.name }))
  }
  return (
    <Alert variant="destructive" role="alert" id={BULK_PROBLEMS_ID} tabIndex={-1}>
      <p className="font-semibold">{t('policies.bulk.failed')}</p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {problems.map((problem) => (
          <li key={`${problem.field} ${problem.message}`}>
            <a href={`#${bulkFieldId(problem.field)}`} className="underline underline-offset-2">
              {t(problem.message)}
            </a>
          </li>
        ))}
        {refusals.map((refusal) => {
          const name = names.get(refusal.key)
          return (
            <li key={`${refusal.key} ${refusal.message}`}>
              {name ? <span className="font-medium">{name}: </span> : null}
              {BATCH_REASONS[refusal.message]
                ? t(BATCH_REASONS[refusal.message]!)
                : translateServerMessage(refusal.message, t)}
            </li>
          )
        })}
      </ul>
    </Alert>
  )
}
