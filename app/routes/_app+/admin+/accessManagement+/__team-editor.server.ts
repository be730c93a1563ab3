import type { LoaderFunctionArgs } from '@remix-run/node'
import { listOidcGroups, listPermissions, type Team } from '~/api/access.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { getTeam, searchLdapGroups } from '~/api/teams.server.ts'
import { daysLeft, keyExpiryState } from '~/components/access/key-expiry.ts'
import type { PickerPage } from '~/components/access/picker-dialog.tsx'
import type { TeamDialog } from '~/components/access/team-overlays.tsx'
import { PICK_PAGE_SIZE, pickerPage, pickParamsSchema } from '~/components/access/picker.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { ACCESS } from './__user-list.server.ts'

export const TeamEditorParamsSchema = pickParamsSchema(['permissions', 'ldapGroups', 'oidcGroups'])
type TeamEditorParams = ReturnType<typeof TeamEditorParamsSchema.parse>

/** Dialogs a team page opens through its URL about one key: the parameter holds its public ID. */
const KEY_DIALOGS = ['comment', 'expiry', 'regenerate', 'removeKey'] as const

/** The page's team; a missing one (or an address that is no UUID) is the 404 page. */
export async function loadTeam(api: ApiClient, uuid: string) {
  try {
    return await getTeam(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

/** Why the LDAP group picker shows no table. */
export type LdapNotice = 'notConfigured' | 'typeToSearch' | 'failed'

/**
 * The Select LDAP Group picker: one page of the directory's groups for the search (4.13 pages
 * it on the server). Lookout says why nothing is listed: LDAP not configured, nothing searched
 * for yet, or a directory that failed.
 */
async function ldapPicker(api: ApiClient, view: TeamEditorParams, mapped: Set<string>) {
  const empty: PickerPage = { options: [], total: 0, page: 1, pageSize: PICK_PAGE_SIZE }
  const shown = { ...empty, page: view.pickPage, search: view.pickSearch }
  try {
    const search = await searchLdapGroups(api, {
      searchText: view.pickSearch,
      pageNumber: view.pickPage,
      pageSize: PICK_PAGE_SIZE,
    })
    if (search.state === 'notConfigured') {
      return { picker: shown, notice: 'notConfigured' as LdapNotice }
    }
    if (search.state === 'noResults') {
      return { picker: shown, notice: view.pickSearch ? undefined : ('typeToSearch' as const) }
    }
    const options = search.groups.map((dn) => ({ value: dn, label: dn, taken: mapped.has(dn) }))
    return { picker: { ...shown, options, total: search.total } }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { picker: shown, notice: 'failed' as LdapNotice }
  }
}

async function pickerFor(
  api: ApiClient,
  team: Team,
  view: TeamEditorParams,
): Promise<{ picker?: PickerPage; notice?: LdapNotice }> {
  switch (view.pick) {
    case 'permissions': {
      const held = new Set(team.permissions.map((permission) => permission.name))
      return {
        picker: pickerPage(await listPermissions(api), view, {
          value: (permission) => permission.name,
          label: (permission) => permission.name,
          detail: (permission) => permission.description,
          taken: (permission) => held.has(permission.name),
        }),
      }
    }
    case 'oidcGroups': {
      const mapped = new Set(team.mappedOidcGroups.map((mapping) => mapping.group.uuid))
      return {
        picker: pickerPage(await listOidcGroups(api), view, {
          value: (group) => group.uuid,
          label: (group) => group.name,
          taken: (group) => mapped.has(group.uuid),
        }),
      }
    }
    case 'ldapGroups':
      return ldapPicker(api, view, new Set(team.mappedLdapGroups.map((mapping) => mapping.dn)))
    default:
      return {}
  }
}

function dialogOf(url: URL, team: Team): TeamDialog | undefined {
  if (url.searchParams.has('delete')) return { name: 'delete' }
  if (url.searchParams.has('createKey')) return { name: 'createKey' }
  for (const name of KEY_DIALOGS) {
    const publicId = url.searchParams.get(name)
    if (publicId && team.apiKeys.some((key) => key.publicId === publicId)) {
      return { name, publicId }
    }
  }
  return undefined
}

/**
 * A team's row editor: the team, its keys with their expiry state as of now, the open picker
 * and dialog.
 */
export async function loadTeamEditor({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, ACCESS)
  const team = await loadTeam(api, params.uuid ?? '')
  const url = new URL(request.url)
  const view = TeamEditorParamsSchema.parse(Object.fromEntries(url.searchParams))
  const now = Date.now()
  const keys = [...team.apiKeys]
    .sort((a, b) => a.created - b.created)
    .map((key) => ({
      ...key,
      expiry: keyExpiryState(key.expires, now) ?? null,
      daysLeft: key.expires === undefined ? undefined : daysLeft(key.expires, now),
    }))
  const t = await getFixedT(request, context)
  return {
    team: { ...team, apiKeys: keys },
    pick: view.pick,
    ...(await pickerFor(api, team, view)),
    dialog: dialogOf(url, team),
    title: t('meta.title', { page: team.name }),
  }
}
