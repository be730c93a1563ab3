import { z } from 'zod'
import type { ApiClient } from './client.server.ts'

export const ComponentRowSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    group: z.string().optional(),
    classifier: z.string().optional(),
    isInternal: z.boolean().optional(),
    license: z.string().optional(),
    licenseExpression: z.string().optional(),
    resolvedLicense: z
      .object({ licenseId: z.string().optional(), name: z.string().optional() })
      .loose()
      .optional(),
    lastInheritedRiskScore: z.number().optional(),
    purl: z.string().optional(),
  })
  .loose()
export type ComponentRow = z.infer<typeof ComponentRowSchema>

export async function listProjectComponents(
  api: ApiClient,
  projectUuid: string,
  options: { searchText?: string; onlyDirect: boolean; pageNumber: number; pageSize: number },
) {
  const response = await api.send(`/v1/component/project/${encodeURIComponent(projectUuid)}`, {
    query: {
      searchText: options.searchText,
      onlyDirect: options.onlyDirect || undefined,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
    },
  })
  const components = z.array(ComponentRowSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? components.length)
  return { components, total: Number.isFinite(total) ? total : components.length }
}

/**
 * Uploads a BOM file as the 4.13 console does (POST /v1/bom, multipart/form-data): the file is
 * streamed, not Base64-encoded, so any file within the API's limit fits. Answers the token.
 */
export async function uploadBom(api: ApiClient, projectUuid: string, bom: Blob) {
  const form = new FormData()
  form.append('project', projectUuid)
  form.append('bom', bom, 'bom')
  const answer = await api.json(z.object({ token: z.string() }), '/v1/bom', {
    method: 'POST',
    multipart: form,
  })
  return answer.token
}

export async function isProcessing(api: ApiClient, token: string) {
  const answer = await api.json(
    z.object({ processing: z.boolean() }),
    `/v1/event/token/${encodeURIComponent(token)}`,
  )
  return answer.processing
}
