import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import * as search from '../../domain/search/search.ts'
import { boundedString } from '../input.ts'
import { plainText, systemConfiguration, viewPortfolio } from '../kit/index.ts'
import { TokenJson } from '../schemas.ts'
import { SearchResultJson, searchResultJson } from '../search-json.ts'
import type { Api } from '../types.ts'

const tags = ['search']
const QueryText = boundedString(search.SEARCH_QUERY_MAX).optional()
const Query = z.object({ query: QueryText })
const Types = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((types) => (types === undefined ? [] : [types].flat()))

/** One GET per index (dt-api-admin §4); the path segment is not always the index's key. */
const SINGLE: [path: string, index: search.SearchIndex][] = [
  ['project', 'project'],
  ['component', 'component'],
  ['service', 'servicecomponent'],
  ['license', 'license'],
  ['vulnerability', 'vulnerability'],
]

/** Search (dt-api-admin §4): SQL over the tables, no index to keep or rebuild. */
export default function searchRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/v1/search',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Projects, components, services, vulnerabilities and licenses matching a query',
        querystring: Query,
        response: { 200: SearchResultJson },
      },
    },
    async (request) =>
      searchResultJson(
        await search.search(
          ctx.db,
          request.principal,
          search.PORTFOLIO_SEARCH,
          request.query.query,
        ),
      ),
  )

  for (const [path, index] of SINGLE) {
    app.get(
      `/v1/search/${path}`,
      {
        config: { access: viewPortfolio },
        schema: {
          tags,
          summary: `Search the ${index} index`,
          querystring: Query,
          response: { 200: SearchResultJson },
        },
      },
      async (request) =>
        searchResultJson(
          await search.search(ctx.db, request.principal, [index], request.query.query),
        ),
    )
  }

  app.get(
    '/v1/search/vulnerablesoftware',
    {
      config: { access: viewPortfolio },
      schema: {
        tags,
        summary: 'Vulnerable software matching a query, or the part, vendor and product of a CPE',
        querystring: z.object({ query: QueryText, cpe: QueryText }),
        response: { 200: SearchResultJson },
      },
    },
    async (request) =>
      searchResultJson(
        await search.searchVulnerableSoftware(
          ctx.db,
          request.principal,
          request.query.query,
          request.query.cpe,
        ),
      ),
  )

  app.post(
    '/v1/search/reindex',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Rebuild search indexes (a no-op: Lookout searches the tables directly)',
        querystring: z.object({ type: Types }),
        response: { 200: TokenJson, 400: plainText(search.NO_VALID_INDEX_TYPE) },
      },
    },
    async (request) => search.reindex(request.query.type),
  )
}
