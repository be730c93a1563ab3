import { z } from 'zod'
import { FindingShape } from '../../common/finding-shapes.ts'
import type { ApiClient } from './client.server.ts'
import { VulnerabilitySchema } from './vulnerabilities.server.ts'

/** A project finding (dt-api-portfolio §5.1), read leniently: newer servers add fields. */
export const FindingSchema = FindingShape.extend({
  component: FindingShape.shape.component.loose(),
  vulnerability: FindingShape.shape.vulnerability.loose(),
  analysis: FindingShape.shape.analysis.loose(),
  attribution: FindingShape.shape.attribution.extend({ analyzerIdentity: z.string() }).loose(),
}).loose()
export type Finding = z.infer<typeof FindingSchema>

/** Sort keys of GET /finding/project/{uuid} (the /finding allow-list plus group and matrix). */
export const FINDING_SORTS = [
  'component.name',
  'component.version',
  'component.group',
  'vulnerability.vulnId',
  'vulnerability.severity',
  'attribution.analyzerIdentity',
  'attribution.attributedOn',
  'analysis.state',
  'analysis.isSuppressed',
  'matrix',
] as const

export interface FindingPageOptions {
  suppressed: boolean
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

async function readFindings(response: Response) {
  const findings = z.array(FindingSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? findings.length)
  return { findings, total: Number.isFinite(total) ? total : findings.length }
}

const projectPath = (uuid: string) => `/v1/finding/project/${encodeURIComponent(uuid)}`

/** One page of a project's findings (the agreed additive paging, sorting and search). */
export async function listProjectFindings(
  api: ApiClient,
  projectUuid: string,
  options: FindingPageOptions,
) {
  const response = await api.send(projectPath(projectUuid), {
    query: {
      suppressed: options.suppressed,
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  return readFindings(response)
}

/** Every finding of a project from one source, as 4.13 asks for them (not paged). */
export async function listAllProjectFindings(
  api: ApiClient,
  projectUuid: string,
  options: { suppressed: boolean; source?: string },
) {
  const response = await api.send(projectPath(projectUuid), {
    query: { suppressed: options.suppressed, source: options.source },
  })
  return (await readFindings(response)).findings
}

/** POST /finding/project/{uuid}/analyze: queues an on-demand analysis; answers its token. */
export async function reanalyzeProject(api: ApiClient, projectUuid: string) {
  const body = await api.json(
    z.object({ token: z.string() }).loose(),
    `${projectPath(projectUuid)}/analyze`,
    { method: 'POST' },
  )
  return body.token
}

/** POST /vex (multipart `project`, `vex`): applies the document's decisions to the findings. */
export async function uploadVex(api: ApiClient, projectUuid: string, file: File) {
  const form = new FormData()
  form.set('project', projectUuid)
  form.set('vex', file, file.name || 'vex.json')
  return api.json(z.object({ token: z.string() }).loose(), '/v1/vex', {
    method: 'POST',
    multipart: form,
  })
}

/** The project's CycloneDX VEX as a download (the API's own file name). */
export function downloadVex(api: ApiClient, projectUuid: string) {
  return api.send(`/v1/vex/cyclonedx/project/${encodeURIComponent(projectUuid)}`, {
    query: { download: 'true' },
  })
}

/** The project's CycloneDX VDR (inventory plus vulnerabilities and their analyses). */
export function downloadVdr(api: ApiClient, projectUuid: string) {
  return api.send(`/v1/bom/cyclonedx/project/${encodeURIComponent(projectUuid)}`, {
    query: { format: 'json', variant: 'vdr', download: 'true' },
  })
}

/** Sort keys of GET /vulnerability/component/{uuid} (persistent Vulnerability fields). */
export const COMPONENT_VULNERABILITY_SORTS = [
  'vulnId',
  'published',
  'severity',
  'cvssV3BaseScore',
  'epssScore',
  'epssPercentile',
] as const

/** One page of a component's vulnerabilities (§4.9, paged and sorted by the API). */
export async function listComponentVulnerabilities(
  api: ApiClient,
  componentUuid: string,
  options: Omit<FindingPageOptions, 'suppressed'> & { suppressed?: boolean },
) {
  const response = await api.send(
    `/v1/vulnerability/component/${encodeURIComponent(componentUuid)}`,
    {
      query: {
        suppressed: options.suppressed || undefined,
        searchText: options.searchText,
        pageNumber: options.pageNumber,
        pageSize: options.pageSize,
        sortName: options.sortName,
        sortOrder: options.sortName ? options.sortOrder : undefined,
      },
    },
  )
  const vulnerabilities = z.array(VulnerabilitySchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? vulnerabilities.length)
  return { vulnerabilities, total: Number.isFinite(total) ? total : vulnerabilities.length }
}
