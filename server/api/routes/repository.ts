import { z } from 'zod'
import { RepositoryType } from '../../../common/repository-shapes.ts'
import type { AppContext } from '../../context.ts'
import { latestMetadata, META_NOT_FOUND } from '../../domain/repositories/meta.ts'
import * as repositories from '../../domain/repositories/repositories.ts'
import { CreateRepositoryBody, UpdateRepositoryBody } from '../../domain/repositories/schemas.ts'
import { emptyError } from '../../lib/errors.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import {
  anyPrincipal,
  NoContent,
  noBody,
  plainText,
  sendPage,
  systemConfiguration,
  Uuid,
} from '../kit/index.ts'
import {
  RepositoryJson,
  repositoryJson,
  RepositoryMetaComponentJson,
  repositoryMetaJson,
} from '../repository-json.ts'
import type { Api } from '../types.ts'
import type { RouteSecrets } from './index.ts'

const tags = ['repository']
const NotFound = plainText(repositories.REPOSITORY_NOT_FOUND)

/** Package repositories (dt-api-admin §7): SYSTEM_CONFIGURATION, but `latest` for anyone signed in. */
export default function repositoryRoutes(app: Api, ctx: AppContext, secrets: RouteSecrets) {
  const db = ctx.db
  const config = { access: systemConfiguration }

  app.get(
    '/v1/repository',
    {
      config,
      schema: {
        tags,
        summary: 'All repositories (paged; searchText matches the identifier)',
        querystring: ListQuerySchema,
        response: { 200: z.array(RepositoryJson) },
      },
    },
    async (request, reply) =>
      sendPage(
        reply,
        await repositories.listRepositories(db, parseListQuery(request.query)),
        repositoryJson,
      ),
  )

  app.get(
    '/v1/repository/latest',
    {
      config: { access: anyPrincipal },
      schema: {
        tags,
        summary: "A package's latest version as repository metadata knows it",
        querystring: z.object({ purl: z.string().optional() }),
        response: {
          200: RepositoryMetaComponentJson,
          204: noBody('The purl type has no repositories'),
          400: noBody('Malformed purl'),
          404: plainText(META_NOT_FOUND),
        },
      },
    },
    async (request, reply) => {
      const row = await latestMetadata(db, request.query.purl)
      if (!row) return reply.status(204).send()
      return repositoryMetaJson(row)
    },
  )

  app.get(
    '/v1/repository/:type',
    {
      config,
      schema: {
        tags,
        summary: "One type's repositories (paged; the console orders by resolutionOrder)",
        params: z.object({ type: z.string() }),
        querystring: ListQuerySchema,
        response: { 200: z.array(RepositoryJson), 404: noBody('No such repository type') },
      },
    },
    async (request, reply) => {
      const type = RepositoryType.safeParse(request.params.type)
      if (!type.success) throw emptyError(404)
      return sendPage(
        reply,
        await repositories.listRepositories(db, parseListQuery(request.query), type.data),
        repositoryJson,
      )
    },
  )

  app.put(
    '/v1/repository',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Create a repository (last in its type’s resolution order)',
        body: CreateRepositoryBody,
        response: {
          201: RepositoryJson,
          409: plainText(repositories.REPOSITORY_EXISTS),
          500: plainText(repositories.PASSWORD_NOT_ENCRYPTED),
        },
      },
    },
    async (request, reply) => {
      const row = await repositories.createRepository(db, secrets.encryptionKey, request.body)
      return reply.status(201).send(repositoryJson(row))
    },
  )

  app.post(
    '/v1/repository',
    {
      config: { ...config, consumes: 'json' },
      schema: {
        tags,
        summary: 'Update a repository (type, identifier and resolution order stay)',
        body: UpdateRepositoryBody,
        response: {
          200: RepositoryJson,
          404: NotFound,
          500: plainText(repositories.PASSWORD_NOT_ENCRYPTED),
        },
      },
    },
    async (request) =>
      repositoryJson(await repositories.updateRepository(db, secrets.encryptionKey, request.body)),
  )

  app.delete(
    '/v1/repository/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a repository',
        params: z.object({ uuid: Uuid }),
        response: { 204: NoContent, 404: NotFound },
      },
    },
    async (request, reply) => {
      await repositories.deleteRepository(db, request.params.uuid)
      return reply.status(204).send()
    },
  )
}
