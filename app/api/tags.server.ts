import { z } from 'zod'
import type { FailedResponse } from '~/utils/api-errors.ts'
import type { ApiClient } from './client.server.ts'
import { fetchPage as page, type PageOptions } from './paging.server.ts'

export const TagRowSchema = z
  .object({
    name: z.string(),
    projectCount: z.number().default(0),
    policyCount: z.number().default(0),
    notificationRuleCount: z.number().default(0),
  })
  .loose()
export type TagRow = z.infer<typeof TagRowSchema>

export const TaggedItemSchema = z
  .object({ uuid: z.string(), name: z.string(), version: z.string().optional() })
  .loose()
export type TaggedItem = z.infer<typeof TaggedItemSchema>

/** What carries a tag, and the path segment the API uses for it. */
export const TAGGED_KINDS = {
  projects: 'project',
  policies: 'policy',
  alerts: 'notificationRule',
} as const
export type TaggedKind = keyof typeof TAGGED_KINDS

const tagPath = (name: string, kind: TaggedKind) =>
  `/v1/tag/${encodeURIComponent(name)}/${TAGGED_KINDS[kind]}`

export function listTags(api: ApiClient, options: PageOptions) {
  return page(api, TagRowSchema, '/v1/tag', options)
}

export function listTagged(api: ApiClient, tag: string, kind: TaggedKind, options: PageOptions) {
  return page(api, TaggedItemSchema, tagPath(tag, kind), options)
}

/** All or nothing: DELETE /v1/tag with the names; refusals come back per tag (see tagErrors). */
export async function deleteTags(api: ApiClient, names: string[]) {
  await api.send('/v1/tag', { method: 'DELETE', json: names })
}

export async function unassignTag(api: ApiClient, tag: string, kind: TaggedKind, uuids: string[]) {
  await api.send(tagPath(tag, kind), { method: 'DELETE', json: uuids })
}

/**
 * The per-tag reasons in a "Tag operation failed" problem (`errors: {<tag>: <message>}`), sorted
 * by tag; empty when the answer is something else.
 */
export function tagErrors(response: FailedResponse): Array<{ tag: string; message: string }> {
  if (!response.contentType?.includes('application/problem+json')) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(response.body)
  } catch {
    return []
  }
  const errors = z.object({ errors: z.record(z.string(), z.string()) }).safeParse(parsed)
  if (!errors.success) return []
  return Object.entries(errors.data.errors)
    .map(([tag, message]) => ({ tag, message }))
    .sort((a, b) => a.tag.localeCompare(b.tag))
}
