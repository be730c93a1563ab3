import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { listRepositories } from '~/api/repositories.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { RepositoriesPage, type FormReply } from '~/components/repositories/repositories-page.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { findAdminPage } from '~/utils/navigation.ts'
import {
  creatableTypes,
  createRepositorySchema,
  EditRepositorySchema,
  findRepositoryPage,
} from './__repository-forms.server.ts'
import {
  REPOSITORY_ACCESS,
  repositoryAction,
  RepositoryListParamsSchema,
} from './__repositories.server.ts'

/**
 * Admin → Repositories → <type> (dt-screens §19.4): one module for the thirteen pages, each at
 * its own URL segment (`/admin/repositories/npm`, …) and checked against REPOSITORY_PAGES.
 */
function pageOf(params: LoaderFunctionArgs['params']) {
  const page = findRepositoryPage(params.page)
  if (!page) throw new Response('Not Found', { status: 404 })
  return page
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = pageOf(params)
  const { api } = await requireUser(request, context, REPOSITORY_ACCESS)
  const url = new URL(request.url)
  const query = parseListParams(RepositoryListParamsSchema, url.searchParams)
  const { rows, total } = await listRepositories(api, page.type, {
    pageNumber: query.page,
    pageSize: query.pageSize,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
  })
  redirectPastLastPage(url, rows.length, total, query)
  const t = await getFixedT(request, context)
  const name = findAdminPage('repositories', page.page)?.page.name ?? page.page
  return json({
    page,
    name,
    rows,
    total,
    query,
    creating: url.searchParams.has('create'),
    types: creatableTypes(page),
    createConstraint: getZodConstraint(createRepositorySchema(page)),
    editConstraint: getZodConstraint(EditRepositorySchema),
    title: t('meta.title', { page: `${name} · ${t('admin.sections.repositories')}` }),
  })
}

export const action = (args: ActionFunctionArgs) => repositoryAction(args, pageOf(args.params))

export const meta = titleMeta

export default function RepositoriesRoute() {
  const data = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>() as FormReply | undefined
  return <RepositoriesPage data={data} reply={reply} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
