import { z } from 'zod'
import type { ComponentCriteria } from '~/api/components.server.ts'
import { SUBJECTS } from '~/components/component-search/subjects.ts'
import { listParamsSchema, textParam } from '~/components/list-kit/url-state.ts'

export const SORTABLE = [
  'name',
  'version',
  'group',
  'purl',
  'cpe',
  'swidTagId',
  'project.name',
  'license',
  'lastInheritedRiskScore',
] as const

/**
 * The URL contract other screens link to:
 * `?subject=COORDINATES&group=&name=&version=` or `?subject=PACKAGE_URL|CPE|SWID_TAGID|HASH&q=`,
 * plus page, pageSize, sortName and sortOrder.
 */
export const ComponentSearchParamsSchema = listParamsSchema(SORTABLE, {
  subject: z.enum(SUBJECTS).catch('COORDINATES').default('COORDINATES'),
  group: textParam,
  name: textParam,
  version: textParam,
  q: textParam,
})
export type ComponentSearchParams = z.infer<typeof ComponentSearchParamsSchema>

/** What to ask the API for, or undefined when the reader has not searched yet. */
export function criteriaFor(params: ComponentSearchParams): ComponentCriteria | undefined {
  switch (params.subject) {
    case 'COORDINATES': {
      const { group, name, version } = params
      return group || name || version ? { group, name, version } : undefined
    }
    case 'PACKAGE_URL':
      return params.q ? { purl: params.q } : undefined
    case 'CPE':
      return params.q ? { cpe: params.q } : undefined
    case 'SWID_TAGID':
      return params.q ? { swidTagId: params.q } : undefined
    case 'HASH':
      return params.q ? { hash: params.q.toLowerCase() } : undefined
  }
}

/**
 * The algorithms a hash is compared as, by its length (as the API does); empty when the text is
 * not hexadecimal and so cannot be a hash.
 */
export function hashAlgorithms(hash: string): string[] {
  if (!/^[0-9a-f]+$/i.test(hash)) return []
  switch (hash.length) {
    case 32:
      return ['MD5']
    case 40:
      return ['SHA-1']
    case 64:
      return ['SHA-256', 'SHA3-256', 'BLAKE2b-256']
    case 96:
      return ['SHA-384', 'SHA3-384', 'BLAKE2b-384']
    case 128:
      return ['SHA-512', 'SHA3-512', 'BLAKE2b-512']
    default:
      return ['BLAKE3']
  }
}
