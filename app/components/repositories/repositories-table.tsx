import { Check } from 'lucide-react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import type { SubmissionResult } from '@conform-to/react'
import { ExpandToggleCell, PanelRow } from '~/components/audit/expandable-row.tsx'
import { cellClass, ListTable, Truncated } from '~/components/list-kit/list-table.tsx'
import { cn } from '~/utils/misc.ts'
import type { RepositoryJson } from '../../../common/repository-shapes.ts'
import { RepositoryEditor } from './repository-editor.tsx'

/** The columns the API orders by (its field names); resolution order when none is chosen. */
export const REPOSITORY_SORTABLE = [
  'identifier',
  'url',
  'internal',
  'authenticationRequired',
  'enabled',
] as const

const FLAGS: readonly string[] = ['internal', 'authenticationRequired', 'enabled']

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

function Flag({ on }: { on?: boolean }) {
  const { t } = useTranslation()
  return (
    <td className={cn(cellClass, 'relative')}>
      {on ? <Check aria-hidden className="size-4" /> : null}
      <span className="sr-only">{t(on ? 'repositories.yes' : 'repositories.no')}</span>
    </td>
  )
}

/** One type's repositories; a row opens its editor under it (`expanded=<uuid>` in the URL). */
export function RepositoriesTable({
  caption,
  rows,
  expanded,
  constraint,
  reply,
}: {
  caption: string
  rows: RepositoryJson[]
  expanded?: string
  constraint: Constraint
  reply?: { uuid?: string; result: SubmissionResult<string[]> }
}) {
  const { t } = useTranslation()
  const columns = [
    { key: 'expand', label: t('repositories.columns.edit'), className: 'w-10' },
    ...REPOSITORY_SORTABLE.map((key) => ({
      key,
      sort: key,
      label: t(`repositories.columns.${key}`),
      // The switches' headings may wrap, so the URL keeps its room in the narrow admin column.
      className: FLAGS.includes(key) ? 'whitespace-normal' : undefined,
    })),
  ]
  return (
    <div className="[container-type:inline-size]">
      <ListTable caption={caption} columns={columns}>
        {rows.map((repository) => {
          const open = expanded === repository.uuid
          return (
            <Fragment key={repository.uuid}>
              <tr className={cn('border-t', open && 'bg-muted/40')}>
                <ExpandToggleCell
                  open={open}
                  rowKey={repository.uuid}
                  label={t(open ? 'repositories.edit.collapse' : 'repositories.edit.expand', {
                    identifier: repository.identifier,
                  })}
                />
                <td className={cn(cellClass, 'font-medium')}>
                  <Truncated text={repository.identifier} />
                </td>
                <td className={cellClass}>
                  {/* The URL takes the width the other columns leave (the container is the table's box). */}
                  <Truncated
                    text={repository.url}
                    className="max-w-[clamp(6rem,calc(100cqi_-_35rem),28rem)]"
                  />
                </td>
                <Flag on={repository.internal} />
                <Flag on={repository.authenticationRequired} />
                <Flag on={repository.enabled} />
              </tr>
              {open ? (
                <PanelRow span={columns.length}>
                  <RepositoryEditor
                    repository={repository}
                    constraint={constraint}
                    lastResult={reply?.uuid === repository.uuid ? reply.result : undefined}
                  />
                </PanelRow>
              ) : null}
            </Fragment>
          )
        })}
      </ListTable>
    </div>
  )
}
