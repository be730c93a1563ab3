import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import {
  COMPONENT_MESSAGES,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_FORBIDDEN,
} from '../../domain/components/access.ts'
import {
  componentsListed,
  expandedDependencyGraph,
  resolveDirectDependencies,
} from '../../domain/components/dependency-graph.ts'
import { repositoryMetaByPurl } from '../../domain/repositories/meta.ts'
import { textError } from '../../lib/errors.ts'
import {
  DependencyGraphResponseJson,
  dependencyGraphResponseJson,
  GraphNodeJson,
  graphNodeJson,
} from '../component-json.ts'
import { AclForbidden, NotFoundText, Uuid, UuidParams, viewPortfolio } from '../kit/index.ts'
import type { Api } from '../types.ts'

export default function dependencyGraphRoutes(app: Api, ctx: AppContext) {
  const db = ctx.db
  async function directDependenciesJson(text: string | null) {
    const entries = await resolveDirectDependencies(db, text)
    const purls = entries.map((entry) => (entry.kind === 'service' ? null : entry.row.purl))
    return entries.map(dependencyGraphResponseJson(await repositoryMetaByPurl(db, purls)))
  }

  app.get(
    '/v1/component/project/:projectUuid/dependencyGraph/:componentUuids',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['component'],
        summary:
          'The paths from the project to every occurrence of the components (uuids split by |)',
        params: z.object({ projectUuid: Uuid, componentUuids: z.string() }),
        response: {
          200: z.record(z.string(), GraphNodeJson),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const project = await loadAccessibleProject(
        db,
        request.principal,
        request.params.projectUuid,
        {
          notFound: 'The UUID of the project could not be found.',
          forbidden: `${PROJECT_FORBIDDEN}.`,
        },
      )
      const requested = await componentsListed(db, request.params.componentUuids)
      if (!requested) throw textError(404, 'The UUID of the component could not be found.')
      const graph = await expandedDependencyGraph(db, project, requested)
      const meta = await repositoryMetaByPurl(
        db,
        [...graph.values()].map((node) => node.row.purl),
      )
      return Object.fromEntries([...graph].map(([uuid, node]) => [uuid, graphNodeJson(node, meta)]))
    },
  )

  app.get(
    '/v1/dependencyGraph/project/:uuid/directDependencies',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['dependencyGraph'],
        summary: 'The direct dependencies of a project',
        params: UuidParams,
        response: {
          200: z.array(DependencyGraphResponseJson),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const project = await loadAccessibleProject(db, request.principal, request.params.uuid, {
        notFound: 'The component could not be found.',
        forbidden: PROJECT_FORBIDDEN,
      })
      return directDependenciesJson(project.direct_dependencies)
    },
  )

  app.get(
    '/v1/dependencyGraph/component/:uuid/directDependencies',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['dependencyGraph'],
        summary: 'The direct dependencies of a component',
        params: UuidParams,
        response: {
          200: z.array(DependencyGraphResponseJson),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request) => {
      const component = await loadAccessibleComponent(
        db,
        request.principal,
        request.params.uuid,
        COMPONENT_MESSAGES,
      )
      return directDependenciesJson(component.direct_dependencies)
    },
  )
}
