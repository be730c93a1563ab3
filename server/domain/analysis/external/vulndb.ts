import { createHmac } from 'node:crypto'
import OAuth from 'oauth-1.0a'
import type { AliasInput, VulnerabilityRecord } from '../../vulnerabilities/model.ts'
import { markdownReferences } from '../../vulnerabilities/references.ts'
import { deriveSeverity } from '../../vulnerabilities/scoring.ts'
import type { AnalyzableComponent, Analyzer, AnalyzerMatch } from '../model.ts'
import { DEFAULT_HTTP, joinUrl, sendWithRetry, type HttpOptions } from './http.ts'
import { flag, secret, setting } from './settings.ts'
import { analysisCache, logFailure, vulnKey, writeReported } from './shared.ts'

/** 4.13 has no URL property for VulnDB; `LOOKOUT_VULNDB_URL` points it elsewhere (tests). */
export const VULNDB_DEFAULT_URL = 'https://vulndb.cyberriskanalytics.com'
export const VULNDB_PAGE_SIZE = 100

interface VulnDbResult {
  vulndb_id: number
  title?: string
  description?: string
  solution?: string
  disclosure_date?: string
  vulndb_last_modified?: string
  ext_references?: { type?: string; value?: string }[]
  cvss_version_three_metrics?: { score?: number | string }[]
  cvss_metrics?: { score?: number | string }[]
}

interface VulnDbPage {
  current_page?: number
  total_entries?: number
  results?: VulnDbResult[]
}

/** An OAuth 1.0a HMAC-SHA1 signer (the `Authorization` header of one request). */
export function vulnDbSigner(consumerKey: string, consumerSecret: string) {
  const oauth = new OAuth({
    consumer: { key: consumerKey, secret: consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  })
  return (url: string, method = 'GET') =>
    oauth.toHeader(oauth.authorize({ url, method })).Authorization
}

function vulnDbRecord(result: VulnDbResult): VulnerabilityRecord {
  const vulnId = String(result.vulndb_id)
  const score = (list?: { score?: number | string }[]) => {
    const value = Number(list?.[0]?.score)
    return Number.isFinite(value) && list?.[0]?.score != null ? value : null
  }
  const cvssV3BaseScore = score(result.cvss_version_three_metrics)
  const cvssV2BaseScore = score(result.cvss_metrics)
  const references = (result.ext_references ?? [])
    .map((r) => r.value)
    .filter((v) => /^https?:/.test(v ?? ''))
  const aliases: AliasInput[] = (result.ext_references ?? [])
    .filter((r) => r.type === 'CVE ID' && r.value)
    .map((r) => ({
      vulnDbId: vulnId,
      cveId: r.value!.startsWith('CVE-') ? r.value! : `CVE-${r.value}`,
    }))
  const date = (text?: string) => (text ? new Date(text) : null)
  return {
    source: 'VULNDB',
    vulnId,
    title: result.title ?? null,
    description: result.description ?? null,
    recommendation: result.solution ?? null,
    published: date(result.disclosure_date),
    updated: date(result.vulndb_last_modified),
    references: markdownReferences(references),
    cvssV3BaseScore,
    cvssV2BaseScore,
    severity: deriveSeverity({ cvssV3BaseScore, cvssV2BaseScore }),
    aliases,
  }
}

export function createVulnDbAnalyzer(options: { http?: Partial<HttpOptions> } = {}): Analyzer {
  const http = { ...DEFAULT_HTTP, ...options.http }
  return {
    identity: 'VULNDB_ANALYZER',
    isEnabled: (settings) =>
      flag(settings, 'vulndb.enabled') &&
      setting(settings, 'vulndb.api.oauth1.consumerKey') !== null,
    isCapable: (component) => !component.internal && !!component.cpe,
    async analyze(components, context) {
      const base = context.serviceUrls?.vulnDb ?? VULNDB_DEFAULT_URL
      const cache = analysisCache(context, base, 'VULNDB')
      const matches: AnalyzerMatch[] = []
      const cached = await cache.valid(components.map((c) => c.cpe!))
      const byCpe = new Map<string, AnalyzableComponent[]>()
      for (const component of components) {
        const ids = cached.get(component.cpe!)
        if (ids) {
          for (const id of ids) matches.push({ componentId: component.id, vulnerabilityId: id })
        } else {
          byCpe.set(component.cpe!, [...(byCpe.get(component.cpe!) ?? []), component])
        }
      }
      const sign = vulnDbSigner(
        setting(context.settings, 'vulndb.api.oauth1.consumerKey') ?? '',
        secret(context, 'vulndb.api.oath1.consumerSecret') ?? '',
      )
      try {
        for (const [cpe, targets] of byCpe) {
          const results: VulnDbResult[] = []
          for (let page = 1; ; page++) {
            const url = joinUrl(
              base,
              `/api/v1/vulnerabilities/find_by_cpe?cpe=${encodeURIComponent(cpe)}&size=${VULNDB_PAGE_SIZE}&page=${page}`,
            )
            const response = await sendWithRetry(
              http,
              url,
              { headers: { Authorization: sign(url), Accept: 'application/json' } },
              'VulnDB find_by_cpe',
              context.signal,
            )
            const body = (await response.json()) as VulnDbPage
            results.push(...(body.results ?? []))
            const total = body.total_entries ?? 0
            if ((body.results ?? []).length === 0 || page * VULNDB_PAGE_SIZE >= total) break
          }
          const records = results.map(vulnDbRecord)
          const ids = await writeReported(context.db, records, {
            attributionSource: 'VULNDB',
            syncAliases: true,
          })
          const found = [
            ...new Set(
              records
                .map((r) => ids.get(vulnKey(r.source, r.vulnId)))
                .filter((id): id is number => id !== undefined),
            ),
          ]
          for (const component of targets) {
            for (const id of found) matches.push({ componentId: component.id, vulnerabilityId: id })
          }
          await cache.save(new Map([[cpe, found]]))
        }
      } catch (error) {
        logFailure(context, 'VulnDB', error)
      }
      return matches
    },
  }
}
