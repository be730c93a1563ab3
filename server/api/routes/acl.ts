import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as acl from '../../domain/acl/mappings.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { projectJson, ProjectJson } from '../project-json.ts'
import {
  accessManagement,
  BadRequestProblem,
  bodyUuid,
  noBody,
  plainText,
  sendPage,
  ValidUuid,
  ValidUuidParams,
} from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['acl']
const Flag = z.string().optional()
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true'
const Done = noBody('Done; an empty 200')
const MappingBody = z.object({ team: bodyUuid('team'), project: bodyUuid('project') }).loose()

/** Portfolio access control (dt-api-admin §10.8): which teams may see which projects. */
export default function aclRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db

  app.get(
    '/v1/acl/team/:uuid',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'The projects a team has access to (paged; excludeInactive, onlyRoot)',
        params: ValidUuidParams,
        querystring: ListQuerySchema.extend({ excludeInactive: Flag, onlyRoot: Flag }),
        response: {
          200: z.array(ProjectJson),
          400: BadRequestProblem,
          404: plainText(acl.TEAM_NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const q = request.query
      const flags = { excludeInactive: flag(q.excludeInactive), onlyRoot: flag(q.onlyRoot) }
      const page = await acl.teamProjects(db, request.params.uuid, flags, parseListQuery(q))
      return sendPage(reply, { rows: page.projects, total: page.total }, projectJson)
    },
  )

  app.put(
    '/v1/acl/mapping',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Give a team access to a project',
        body: MappingBody,
        response: {
          200: Done,
          404: plainText(`${acl.TEAM_NOT_FOUND} (also when the project is missing, as in 4.13)`),
          409: plainText(acl.MAPPING_EXISTS),
        },
      },
    },
    async (request, reply) => {
      await acl.addMapping(db, request.body.team, request.body.project)
      return reply.status(200).send()
    },
  )

  app.delete(
    '/v1/acl/mapping/team/:teamUuid/project/:projectUuid',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'Take a team’s access to a project away (200 also when it had none)',
        params: z.object({ teamUuid: ValidUuid, projectUuid: ValidUuid }),
        response: { 200: Done, 404: plainText(acl.TEAM_OR_PROJECT_NOT_FOUND) },
      },
    },
    async (request, reply) => {
      await acl.removeMapping(db, request.params.teamUuid, request.params.projectUuid)
      return reply.status(200).send()
    },
  )
}
