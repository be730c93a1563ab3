import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { listPermissions } from '~/api/access.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { cellClass, EmptyList, ListTable } from '~/components/list-kit/list-table.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams, sortOrderParam, textParam } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { SourcePage } from '~/components/vulnerability-sources/source-page.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { z } from 'zod'

const ParamsSchema = z.object({
  searchText: textParam,
  sortName: z.literal('name').optional().catch(undefined),
  sortOrder: sortOrderParam,
})

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'ACCESS_MANAGEMENT')
  const params = parseListParams(ParamsSchema, new URL(request.url).searchParams)
  const search = params.searchText?.toLowerCase()
  // 14 rows, unpaged in 4.13 and already ordered by name: searched and reversed here.
  const permissions = (await listPermissions(api)).filter(
    (permission) =>
      !search ||
      permission.name.toLowerCase().includes(search) ||
      permission.description.toLowerCase().includes(search),
  )
  if (params.sortOrder === 'desc') permissions.reverse()
  const t = await getFixedT(request, context)
  return json({
    permissions,
    params,
    title: t('meta.title', { page: t('admin.pages.permissions') }),
  })
}

export const meta = titleMeta

/** Permissions (dt-screens §19.7): what each of the 14 permissions allows, read-only. */
export default function PermissionsRoute() {
  const { permissions, params } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const columns = [
    { key: 'name', label: t('accessControl.permissions.name'), sort: 'name' },
    { key: 'description', label: t('accessControl.permissions.description') },
  ]
  return (
    <SourcePage
      title={t('admin.pages.permissions')}
      intro={t('accessControl.permissions.intro')}
      section="admin.sections.accessManagement"
    >
      <ListToolbar
        idPrefix="permissions"
        searchLabel={t('accessControl.permissions.search')}
        searchValue={params.searchText}
        boxed
      />
      {permissions.length === 0 ? (
        <EmptyList>{t('accessControl.permissions.noMatch')}</EmptyList>
      ) : (
        <ListTable caption={t('accessControl.permissions.caption')} columns={columns}>
          {permissions.map((permission) => (
            <tr key={permission.name} className="border-t align-top">
              <th scope="row" className={`${cellClass} font-mono font-medium sm:whitespace-nowrap`}>
                <BreakableName name={permission.name} />
              </th>
              {/* The API's own English sentence, as 4.13 shows it. */}
              <td className={cellClass} lang="en">
                {permission.description}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </SourcePage>
  )
}

/** VULNERABILITY_MANAGEMENT may break after an underscore on a phone, nowhere else. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split('_')
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          _<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ))
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
