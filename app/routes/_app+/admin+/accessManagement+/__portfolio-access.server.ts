import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import {
  addTeamProject,
  isAclEnabled,
  projectsNotAssignedTo,
  removeTeamProject,
  setAclEnabled,
  teamProjects,
} from '~/api/acl.server.ts'
import { listTeams } from '~/api/access.server.ts'
import { ApiError } from '~/api/client.server.ts'
import type { SessionUser } from '~/utils/auth.server.ts'
import { memberCount } from '~/components/access/members.ts'
import { pageInMemory } from '~/components/list-kit/in-memory.server.ts'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import {
  flagParam,
  pageParam,
  pageSizeParam,
  parseListParams,
  textParam,
} from '~/components/list-kit/url-state.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/** A team's projects and the picker page ten at a time. */
export const PROJECTS_PAGE_SIZE = 10

/** The picker's own parameters: closing it or adding from it drops them. */
export const PICKER_PARAMS = ['picker', 'pickSearch', 'pickInactive', 'pickPage'] as const

/**
 * The page's whole state is in the URL: the teams list (search, page), the open team
 * (`team`, `projectPage`) and the project picker over it (`picker`, `pickSearch`, …).
 */
export const AccessParamsSchema = z.object({
  searchText: textParam,
  page: pageParam,
  pageSize: pageSizeParam,
  team: z.uuid().optional().catch(undefined),
  projectPage: pageParam,
  picker: flagParam,
  pickSearch: textParam,
  pickInactive: flagParam,
  pickPage: pageParam,
})

const asList = (value: unknown) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

/** The page's forms, one schema told apart by intent. */
export const AccessFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('acl'), enabled: z.enum(['true', 'false']) }),
  z.object({
    intent: z.literal('add'),
    team: z.uuid(),
    project: z.preprocess(asList, z.array(z.uuid()).min(1, 'accessControl.portfolio.pickOne')),
  }),
  z.object({ intent: z.literal('remove'), team: z.uuid(), project: z.uuid() }),
])

export async function loadPortfolioAccess(user: SessionUser, url: URL) {
  const { api, permissions } = user
  const params = parseListParams(AccessParamsSchema, url.searchParams)
  const [teams, enabled] = await Promise.all([listTeams(api), isAclEnabled(api)])
  const { rows: onPage, total } = pageInMemory(teams, params, {
    searchIn: (team) => [team.name],
    sortBy: {},
  })
  redirectPastLastPage(url, onPage.length, total, params)

  const open = onPage.find((team) => team.uuid === params.team)
  const canPick = meetsRequirement(permissions, 'VIEW_PORTFOLIO')
  const pageOf = (pageNumber: number) => ({ pageNumber, pageSize: PROJECTS_PAGE_SIZE })
  const projects = open ? await teamProjects(api, open.uuid, pageOf(params.projectPage)) : undefined
  if (projects && projects.projects.length === 0 && projects.total > 0) {
    url.searchParams.set('projectPage', String(Math.ceil(projects.total / PROJECTS_PAGE_SIZE)))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  const picker =
    open && params.picker && canPick
      ? await projectsNotAssignedTo(api, open.uuid, {
          searchText: params.pickSearch,
          showInactive: params.pickInactive,
          ...pageOf(params.pickPage),
        })
      : undefined
  return {
    params,
    enabled,
    canConfigure: meetsRequirement(permissions, 'SYSTEM_CONFIGURATION'),
    canPick,
    total,
    teams: onPage.map((team) => ({
      uuid: team.uuid,
      name: team.name,
      members: memberCount(team),
    })),
    open: open && projects ? { uuid: open.uuid, name: open.name, ...projects } : undefined,
    picker,
  }
}

/** Where an answer goes back to: the same view, without the picker once something was added. */
function backTo(request: Request, closePicker: boolean) {
  const url = new URL(request.url)
  for (const key of ['index', '_data', ...(closePicker ? PICKER_PARAMS : [])]) {
    url.searchParams.delete(key)
  }
  const query = url.searchParams.toString()
  return `${url.pathname}${query ? `?${query}` : ''}`
}

export async function portfolioAccessAction(
  { api }: SessionUser,
  context: AppLoadContext,
  request: Request,
  t: Translate,
) {
  const submission = parseWithZod(await request.formData(), { schema: AccessFormSchema })
  if (submission.status !== 'success') {
    const picking = submission.payload.intent === 'add'
    return redirectWithToast(context, backTo(request, false), {
      type: 'error',
      title: t(picking ? 'accessControl.portfolio.pickOne' : 'accessControl.portfolio.refused'),
    })
  }
  const form = submission.value
  try {
    if (form.intent === 'acl') {
      const on = form.enabled === 'true'
      const refused = await setAclEnabled(api, on)
      return redirectWithToast(context, backTo(request, false), {
        type: refused.length > 0 ? 'error' : 'success',
        title: refused.length > 0 ? refused.join(' ') : t(`accessControl.portfolio.turned.${on}`),
      })
    }
    if (form.intent === 'add') {
      let added = 0
      for (const project of form.project) {
        if (await addTeamProject(api, form.team, project)) added += 1
      }
      return redirectWithToast(context, backTo(request, true), {
        type: 'success',
        title: t('accessControl.portfolio.added', { count: added }),
      })
    }
    await removeTeamProject(api, form.team, form.project)
    return redirectWithToast(context, backTo(request, false), {
      type: 'success',
      title: t('accessControl.portfolio.removed'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(
      context,
      backTo(request, false),
      toastForFailedResponse(error.response, t),
    )
  }
}
