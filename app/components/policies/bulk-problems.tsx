import { useTranslation } from 'react-i18next'
import type { BatchProblem } from '~/api/policies.server.ts'
import { Alert } from '~/components/ui/alert.tsx'
import { translateServerMessage } from '~/utils/api-errors.ts'
import { BULK_PROBLEMS_ID, bulkFieldId, type BulkProblem } from './bulk-schema.ts'

/**
 * Why nothing was changed: the form's own problems, each linking to its field, and the API's
 * refusals, each naming the policy, project or tag it is about (`nameOf` knows the names).
 */
export function BulkProblems({
  problems,
  refusals,
  nameOf,
}: {
  problems: BulkProblem[]
  refusals: BatchProblem[]
  nameOf: (key: string) => string | undefined
}) {
  const { t } = useTranslation()
  if (problems.length === 0 && refusals.length === 0) return null
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
          const name = nameOf(refusal.key)
          return (
            <li key={`${refusal.key} ${refusal.message}`}>
              {name ? <span className="font-medium">{name}: </span> : null}
              {translateServerMessage(refusal.message, t)}
            </li>
          )
        })}
      </ul>
    </Alert>
  )
}
