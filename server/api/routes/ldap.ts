import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { createGroupSearch } from '../../domain/ldap/groups.ts'
import { addMapping, removeMapping, teamMappings } from '../../domain/ldap/mappings.ts'
import { ldapSettings } from '../../domain/ldap/settings.ts'
import { createLdapUser } from '../../domain/ldap/users.ts'
import { withOneUserDetails } from '../../domain/users/details.ts'
import { ListQuerySchema, parseListQuery } from '../../lib/list-query.ts'
import { UsernameString } from '../input.ts'
import {
  accessManagement,
  bodyUuid,
  ConflictText,
  NoContent,
  noBody,
  plainText,
  sendPage,
} from '../kit/index.ts'
import { LdapUserJson, MappedLdapGroupJson } from '../schemas.ts'
import { userJson } from '../serializers.ts'
import type { Api } from '../types.ts'

const tags = ['ldap']
const TeamNotFound = plainText('The UUID of the team could not be found.')
const PRINTABLE = /^[^\p{Cc}]+$/u

const MappingBody = z.object({
  team: bodyUuid('team'),
  dn: z
    .string({ error: 'The DN may only contain printable characters' })
    .regex(PRINTABLE, 'The DN may only contain printable characters')
    .max(1024, 'size must be between 1 and 1024'),
})
const mappingJson = ({ uuid, dn }: { uuid: string; dn: string }) => ({ uuid, dn })

/** LDAP groups and their team mappings (dt-api-admin §10.6), and LDAP user creation (§10.3 #12). */
export default function ldapRoutes(app: Api, ctx: AppContext) {
  const searchGroups = createGroupSearch(ldapSettings(ctx.env))

  app.get(
    '/v1/ldap/groups',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'Directory groups whose name matches the search text (a page of DNs)',
        querystring: ListQuerySchema,
        response: {
          200: z.array(z.string()).describe('Group DNs; an empty body when LDAP is not configured'),
          204: noBody('No search text, or more matches than the directory returns'),
        },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query)
      const result = await searchGroups(query.searchText, query.offset, query.limit)
      switch (result.kind) {
        case 'not-configured':
          // 4.13 answers 200 without a body here.
          return reply.status(200).send(undefined as unknown as string[])
        case 'no-search-term':
        case 'too-many':
          return reply.status(204).send()
        case 'page':
          return sendPage(reply, { rows: result.dns, total: result.total }, (dn) => dn)
      }
    },
  )

  app.get(
    '/v1/ldap/team/:uuid',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'The LDAP groups mapped to a team',
        params: z.object({ uuid: z.string() }),
        response: { 200: z.array(MappedLdapGroupJson), 404: TeamNotFound },
      },
    },
    async (request) => (await teamMappings(ctx.db, request.params.uuid)).map(mappingJson),
  )

  app.put(
    '/v1/ldap/mapping',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags,
        summary: 'Map an LDAP group to a team',
        body: MappingBody,
        response: {
          200: MappedLdapGroupJson,
          404: TeamNotFound,
          409: ConflictText,
        },
      },
    },
    async (request) => mappingJson(await addMapping(ctx.db, request.body.team, request.body.dn)),
  )

  app.delete(
    '/v1/ldap/mapping/:uuid',
    {
      config: { access: accessManagement },
      schema: {
        tags,
        summary: 'Remove an LDAP group mapping',
        params: z.object({ uuid: z.string() }),
        response: { 204: NoContent, 404: plainText('The UUID of the mapping could not be found.') },
      },
    },
    async (request, reply) => {
      await removeMapping(ctx.db, request.params.uuid)
      return reply.status(204).send()
    },
  )

  app.put(
    '/v1/user/ldap',
    {
      config: { access: accessManagement, consumes: 'json' },
      schema: {
        tags: ['user'],
        summary: 'Create an LDAP user; its DN reads "Syncing..." until the directory was asked',
        body: z.object({ username: UsernameString.nullish() }).loose(),
        response: {
          201: LdapUserJson,
          400: plainText('Username cannot be null or blank.'),
          409: ConflictText,
        },
      },
    },
    async (request, reply) => {
      const user = await createLdapUser(ctx, request.body?.username)
      return reply.status(201).send(userJson(await withOneUserDetails(ctx.db, user)))
    },
  )
}
