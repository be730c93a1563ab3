import type { SubmissionResult } from '@conform-to/react'
import { Link, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { Button } from '~/components/ui/button.tsx'
import type { RepositoryJson, RepositoryType } from '../../../common/repository-shapes.ts'
import { CreateRepositoryDialog } from './create-repository-dialog.tsx'
import { RepositoriesTable } from './repositories-table.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

/** What the action answers when it refuses a form: which form, which row, and why. */
export interface FormReply {
  intent: 'create' | 'update'
  uuid?: string
  result: SubmissionResult<string[]>
}

export interface RepositoriesPageData {
  page: { page: string; type: RepositoryType }
  name: string
  rows: RepositoryJson[]
  total: number
  query: { page: number; pageSize: number; expanded?: string }
  creating: boolean
  types: RepositoryType[]
  createConstraint: Constraint
  editConstraint: Constraint
}

/** One repository type's page: its repositories in resolution order, Create Repository. */
export function RepositoriesPage({
  data,
  reply,
}: {
  data: RepositoriesPageData
  reply?: FormReply
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const here = listHref(searchParams, {})
  const caption = t('repositories.caption', { type: data.name })
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-muted-foreground">{t('admin.sections.repositories')}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
          <p className="max-w-prose text-muted-foreground">{t('repositories.intro')}</p>
        </div>
        <Button asChild>
          <Link to={`${here}&create`} preventScrollReset>
            <Plus aria-hidden />
            {t('repositories.create.open')}
          </Link>
        </Button>
      </header>
      {data.rows.length === 0 ? (
        <EmptyList>{t('repositories.empty', { type: data.name })}</EmptyList>
      ) : (
        <RepositoriesTable
          caption={caption}
          rows={data.rows}
          expanded={data.query.expanded}
          constraint={data.editConstraint}
          reply={reply?.intent === 'update' ? reply : undefined}
        />
      )}
      <Pager
        total={data.total}
        page={data.query.page}
        pageSize={data.query.pageSize}
        label={t('repositories.pagination')}
        showingKey="repositories.showing"
        pageSizeParam="pageSize"
        idPrefix="repositories"
      />
      {data.creating ? (
        <CreateRepositoryDialog
          pageType={data.page.type}
          types={data.types}
          constraint={data.createConstraint}
          lastResult={reply?.intent === 'create' ? reply.result : undefined}
          closeTo={here}
        />
      ) : null}
    </div>
  )
}
