import { randomInt } from 'node:crypto'
import { z } from 'zod'
import {
  AffectedComponentShape,
  AffectedProjectShape,
  AffectedVersionAttributionShape,
  CweShape,
  KevShape,
  VulnerabilityAliasShape,
  VulnerabilityShape,
} from '../../common/vulnerability-shapes.ts'
import { ApiError, type ApiClient } from './client.server.ts'

export const CweSchema = CweShape.extend({ name: z.string().optional() }).loose()
export type Cwe = z.infer<typeof CweSchema>

export const AliasSchema = VulnerabilityAliasShape.loose()
export type Alias = z.infer<typeof AliasSchema>

export const KevSchema = KevShape.loose()
export type Kev = z.infer<typeof KevSchema>

export const AffectedComponentSchema = AffectedComponentShape.extend({
  affectedVersionAttributions: z
    .array(AffectedVersionAttributionShape.partial().loose())
    .optional(),
}).loose()
export type AffectedComponent = z.infer<typeof AffectedComponentSchema>

const count = z.number().optional()

/** Vulnerability JSON (dt-api-portfolio §3.4) plus Lookout's CVSS v4, EPSS and KEV fields. */
export const VulnerabilitySchema = VulnerabilityShape.extend({
  cwes: z.array(CweSchema).optional(),
  cwe: CweSchema.optional(),
  kev: KevSchema.optional(),
  aliases: z.array(AliasSchema).optional(),
  affectedComponents: z.array(AffectedComponentSchema).optional(),
  affectedProjectCount: count,
  affectedActiveProjectCount: count,
  affectedInactiveProjectCount: count,
}).loose()
export type Vulnerability = z.infer<typeof VulnerabilitySchema>

export const AffectedProjectSchema = AffectedProjectShape.extend({
  version: z.string().nullish(),
  dependencyGraphAvailable: z.boolean().optional(),
  active: z.boolean().optional(),
  affectedComponentUuids: z.array(z.string()).optional(),
}).loose()
export type AffectedProject = z.infer<typeof AffectedProjectSchema>

export interface VulnerabilityListOptions {
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
  /** Lookout's additions: one row per flaw, and filters by severity, source and KEV listing. */
  collapseAliases: boolean
  severities: readonly string[]
  sources: readonly string[]
  kev: boolean
}

/** One page of GET /v1/vulnerability with its total. */
export async function listVulnerabilities(api: ApiClient, options: VulnerabilityListOptions) {
  const response = await api.send('/v1/vulnerability', {
    query: {
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
      collapseAliases: options.collapseAliases || undefined,
      severity: options.severities.join(',') || undefined,
      source: options.sources.join(',') || undefined,
      kev: options.kev || undefined,
    },
  })
  const vulnerabilities = z.array(VulnerabilitySchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? vulnerabilities.length)
  return { vulnerabilities, total: Number.isFinite(total) ? total : vulnerabilities.length }
}

const sourcePath = (source: string, vulnId: string) =>
  `/v1/vulnerability/source/${encodeURIComponent(source)}/vuln/${encodeURIComponent(vulnId)}`

export function getVulnerability(api: ApiClient, source: string, vulnId: string) {
  return api.json(VulnerabilitySchema, sourcePath(source, vulnId))
}

export function listAffectedProjects(
  api: ApiClient,
  source: string,
  vulnId: string,
  excludeInactive: boolean,
) {
  return api.json(z.array(AffectedProjectSchema), `${sourcePath(source, vulnId)}/projects`, {
    query: { excludeInactive },
  })
}

/** An affected component as sent: the server finds or makes the matching software itself. */
export interface AffectedComponentInput {
  identityType: 'CPE' | 'PURL'
  identity: string
  versionType?: 'EXACT' | 'RANGE'
  version?: string
  versionEndExcluding?: string
  versionEndIncluding?: string
  versionStartExcluding?: string
  versionStartIncluding?: string
}

/** What the Create and Details dialogs send (PUT and POST /v1/vulnerability). */
export interface VulnerabilityInput {
  vulnId: string
  title?: string
  description?: string
  detail?: string
  recommendation?: string
  references?: string
  created?: string
  published?: string
  updated?: string
  severity?: string
  cvssV2Vector?: string
  cvssV3Vector?: string
  owaspRRVector?: string
  cwes: number[]
  affectedComponents: AffectedComponentInput[]
}

function body(input: VulnerabilityInput) {
  const { cwes, affectedComponents, ...fields } = input
  return {
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null])),
    source: 'INTERNAL',
    cwes: cwes.map((cweId) => ({ cweId })),
    affectedComponents,
  }
}

export function createVulnerability(api: ApiClient, input: VulnerabilityInput) {
  return api.json(VulnerabilitySchema, '/v1/vulnerability', { method: 'PUT', json: body(input) })
}

export function updateVulnerability(api: ApiClient, uuid: string, input: VulnerabilityInput) {
  return api.json(VulnerabilitySchema, '/v1/vulnerability', {
    method: 'POST',
    json: { ...body(input), uuid },
  })
}

export async function deleteVulnerability(api: ApiClient, uuid: string) {
  await api.send(`/v1/vulnerability/${encodeURIComponent(uuid)}`, { method: 'DELETE' })
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'
const randomBlock = () => Array.from({ length: 4 }, () => ID_ALPHABET[randomInt(36)]).join('')

/**
 * A fresh internal id from GET /vulnerability/vulnId (raw text). 4.13 asks PORTFOLIO_MANAGEMENT
 * for it, which a vulnerability manager may lack: the console then makes one of the same form
 * (`INT-xxxx-xxxx-xxxx`); the API still refuses a duplicate on create.
 */
export async function generateVulnId(api: ApiClient): Promise<string> {
  try {
    const text = (await api.text('/v1/vulnerability/vulnId')).trim().replace(/^"(.*)"$/, '$1')
    if (text) return text
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error
  }
  return `INT-${randomBlock()}-${randomBlock()}-${randomBlock()}`
}
