import { timeSlice } from '../../../lib/time-slice.ts'
import { parsePurl } from '../../components/purl.ts'
import { parseCweId } from '../../vulnerabilities/cwe.ts'
import type { VulnerabilityRecord } from '../../vulnerabilities/model.ts'
import { markdownReferences } from '../../vulnerabilities/references.ts'
import { deriveSeverity } from '../../vulnerabilities/scoring.ts'
import type { AnalyzableComponent, Analyzer, AnalyzerMatch } from '../model.ts'
import { DEFAULT_HTTP, joinUrl, sendWithRetry, type HttpOptions } from './http.ts'
import { flag, secret, setting } from './settings.ts'
import {
  analysisCache,
  cvssFields,
  logFailure,
  referenceUrl,
  vulnKey,
  writeReported,
} from './shared.ts'

/** 4.13 has no URL property for OSS Index; `LOOKOUT_OSSINDEX_URL` points it elsewhere (tests). */
export const OSSINDEX_DEFAULT_URL = 'https://ossindex.sonatype.org'
export const OSSINDEX_MAX_PURLS = 128

interface OssIndexVulnerability {
  id: string
  title?: string
  description?: string
  cvssScore?: number
  cvssVector?: string
  cwe?: string
  cve?: string
  reference?: string
  externalReferences?: string[]
}

interface ComponentReport {
  coordinates: string
  vulnerabilities?: OssIndexVulnerability[]
}

/** The coordinates OSS Index is asked about: canonical, no qualifiers or subpath, `@v1` → `@1`. */
export function ossIndexCoordinates(purl: string | null): string | undefined {
  return parsePurl(purl)?.coordinates.replace(/@v(?=\d)/, '@')
}

function record(vulnerability: OssIndexVulnerability, aliasSync: boolean): VulnerabilityRecord {
  const cvss = cvssFields(vulnerability.cvssVector)
  const cwe = parseCweId(vulnerability.cwe)
  const common = {
    description: vulnerability.description ?? null,
    cwes: cwe === undefined ? [] : [cwe],
    references: markdownReferences([
      vulnerability.reference,
      ...(vulnerability.externalReferences ?? []),
    ]),
    ...cvss,
    severity: deriveSeverity(cvss),
  }
  const cve = vulnerability.cve?.trim()
  const aliases =
    aliasSync && cve?.startsWith('CVE-') ? [{ sonatypeId: vulnerability.id, cveId: cve }] : []
  if (cve) return { source: 'NVD', vulnId: cve, ...common, aliases }
  return {
    source: 'OSSINDEX',
    vulnId: vulnerability.id,
    title: vulnerability.title ?? null,
    ...common,
  }
}

export function createOssIndexAnalyzer(options: { http?: Partial<HttpOptions> } = {}): Analyzer {
  const http = { ...DEFAULT_HTTP, ...options.http }
  return {
    identity: 'OSSINDEX_ANALYZER',
    isEnabled: (settings) => flag(settings, 'ossindex.enabled'),
    isCapable: (component) =>
      !component.internal && !!ossIndexCoordinates(component.purl)?.includes('@'),
    async analyze(components, context) {
      const base = context.serviceUrls?.ossIndex ?? OSSINDEX_DEFAULT_URL
      const cache = analysisCache(context, base, 'OSSINDEX')
      const matches: AnalyzerMatch[] = []
      const cached = await cache.valid(components.map((c) => c.purl!))
      const queued: AnalyzableComponent[] = []
      for (const component of components) {
        const ids = cached.get(component.purl!)
        if (!ids) queued.push(component)
        else for (const id of ids) matches.push({ componentId: component.id, vulnerabilityId: id })
      }

      const username = setting(context.settings, 'ossindex.api.username')
      const token = secret(context, 'ossindex.api.token')
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/vnd.ossindex.component-report.v1+json',
      }
      if (username && token) {
        headers.Authorization = `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}`
      }
      const aliasSync = flag(context.settings, 'ossindex.alias.sync.enabled')
      const byCoordinates = new Map<string, AnalyzableComponent[]>()
      const slice = timeSlice()
      for (const component of queued) {
        const coordinates = ossIndexCoordinates(component.purl)!
        byCoordinates.set(coordinates, [...(byCoordinates.get(coordinates) ?? []), component])
        if (slice.due) await slice.pause()
      }
      const coordinates = [...byCoordinates.keys()]
      try {
        for (let start = 0; start < coordinates.length; start += OSSINDEX_MAX_PURLS) {
          const batch = coordinates.slice(start, start + OSSINDEX_MAX_PURLS)
          const response = await sendWithRetry(
            http,
            joinUrl(base, '/api/v3/component-report'),
            { method: 'POST', headers, body: JSON.stringify({ coordinates: batch }) },
            'OSS Index component-report',
            context.signal,
          )
          const reports = (await response.json()) as ComponentReport[]
          const records = reports.flatMap((report) =>
            (report.vulnerabilities ?? []).map((v) => record(v, aliasSync)),
          )
          const ids = await writeReported(context.db, records, {
            attributionSource: 'OSSINDEX',
            syncAliases: aliasSync,
            policyFor: (r) => (r.source === 'NVD' ? 'keep-fields' : 'replace-if-updated'),
          })
          const results = new Map<string, number[]>()
          for (const report of reports) {
            const targets =
              byCoordinates.get(report.coordinates) ??
              byCoordinates.get(report.coordinates.toLowerCase()) ??
              []
            for (const component of targets) {
              const found: number[] = []
              for (const vulnerability of report.vulnerabilities ?? []) {
                const r = record(vulnerability, false)
                const id = ids.get(vulnKey(r.source, r.vulnId))
                if (id === undefined) continue
                found.push(id)
                matches.push({
                  componentId: component.id,
                  vulnerabilityId: id,
                  alternateIdentifier: vulnerability.id,
                  referenceUrl: referenceUrl(vulnerability.reference),
                })
              }
              results.set(component.purl!, found)
            }
          }
          await cache.save(results)
        }
      } catch (error) {
        logFailure(context, 'OSS Index', error)
      }
      return matches
    },
  }
}
