import { parsePurl, purlParts } from '../../components/purl.ts'
import { parseCweId } from '../../vulnerabilities/cwe.ts'
import type {
  AliasInput,
  VulnerabilityRecord,
  VulnerableSoftwareInput,
} from '../../vulnerabilities/model.ts'
import { markdownReferences } from '../../vulnerabilities/references.ts'
import { deriveSeverity } from '../../vulnerabilities/scoring.ts'
import type { AnalyzableComponent, Analyzer, AnalyzerMatch } from '../model.ts'
import { DEFAULT_HTTP, eachLimited, joinUrl, sendWithRetry, type HttpOptions } from './http.ts'
import { flag, secret, setting } from './settings.ts'
import { analysisCache, cvssFields, logFailure, vulnKey, writeReported } from './shared.ts'

export const SNYK_PURL_TYPES = new Set([
  'cargo',
  'cocoapods',
  'composer',
  'gem',
  'generic',
  'hex',
  'maven',
  'npm',
  'nuget',
  'pypi',
  'swift',
])

interface SnykSeverity {
  source?: string
  level?: string
  score?: number
  vector?: string
}

interface SnykIssue {
  id: string
  type: string
  attributes: {
    key?: string
    title?: string
    type?: string
    description?: string
    created_at?: string
    updated_at?: string
    problems?: { id: string; source: string }[]
    coordinates?: { remedies?: { description?: string }[]; representation?: string[] }[]
    severities?: SnykSeverity[]
    slots?: { publication_time?: string; references?: { url?: string }[] }
  }
}

const date = (text: string | undefined) => (text ? new Date(text) : null)

/** A definite range such as `>=1.0.0 <1.2.3` or `<2.0.0`; anything else is left out. */
export function snykRange(text: string): Partial<VulnerableSoftwareInput> | undefined {
  const range: Partial<VulnerableSoftwareInput> = {}
  for (const part of text.trim().split(/\s+|,\s*/)) {
    const match = /^(>=|<=|>|<)\s*([^\s<>=*]+)$/.exec(part)
    if (!match) return undefined
    const [, operator, version] = match
    if (operator === '>=') range.versionStartIncluding = version
    else if (operator === '>') range.versionStartExcluding = version
    else if (operator === '<=') range.versionEndIncluding = version
    else range.versionEndExcluding = version
  }
  return Object.keys(range).length > 0 ? range : undefined
}

function pickCvss(severities: SnykSeverity[], preferred: string) {
  const wanted = preferred.toUpperCase()
  const withVector = severities.filter((s) => s.vector)
  return (
    withVector.find((s) => s.source?.toUpperCase() === wanted) ??
    withVector.find((s) => s.source?.toUpperCase() !== wanted)
  )
}

export function snykRecord(
  issue: SnykIssue,
  component: AnalyzableComponent,
  settings: { cvssSource: string; aliasSync: boolean },
): VulnerabilityRecord | undefined {
  const a = issue.attributes
  if (a.type !== 'package_vulnerability' || !(a.key ?? issue.id)) return undefined
  const vulnId = a.key ?? issue.id
  const picked = pickCvss(a.severities ?? [], settings.cvssSource)
  const cvss = cvssFields(picked?.vector)
  const aliases: AliasInput[] = []
  const cwes: number[] = []
  for (const problem of a.problems ?? []) {
    const source = problem.source.toUpperCase()
    if (source === 'CVE') aliases.push({ snykId: vulnId, cveId: problem.id })
    else if (source === 'GHSA') aliases.push({ snykId: vulnId, ghsaId: problem.id })
    else if (source === 'CWE') {
      const cwe = parseCweId(problem.id)
      if (cwe !== undefined) cwes.push(cwe)
    }
  }
  const parts = purlParts(component.purl!)
  const software: VulnerableSoftwareInput[] = []
  for (const coordinate of a.coordinates ?? []) {
    for (const representation of coordinate.representation ?? []) {
      const range = snykRange(representation)
      if (!range || !parts) continue
      software.push({
        purlType: parts.type,
        purlNamespace: parts.namespace,
        purlName: parts.name,
        purl: parsePurl(component.purl)?.coordinates.replace(/@.*$/, ''),
        ...range,
      })
    }
  }
  const remedies = (a.coordinates ?? [])
    .flatMap((c) => c.remedies ?? [])
    .map((remedy) => remedy.description?.trim())
    .filter((text): text is string => !!text)
  return {
    source: 'SNYK',
    vulnId,
    title: a.title ?? null,
    description: a.description ?? null,
    created: date(a.created_at),
    updated: date(a.updated_at),
    published: date(a.slots?.publication_time),
    references: markdownReferences((a.slots?.references ?? []).map((r) => r.url)),
    recommendation: remedies.length > 0 ? remedies.join('\n') : null,
    cwes,
    ...cvss,
    severity: deriveSeverity({ ...cvss, severity: picked?.level ?? a.severities?.[0]?.level }),
    vulnerableSoftware: software,
    aliases: settings.aliasSync ? aliases : [],
  }
}

export function createSnykAnalyzer(
  options: { http?: Partial<HttpOptions>; concurrency?: number } = {},
): Analyzer {
  const http = { ...DEFAULT_HTTP, ...options.http }
  const coordinatesOf = (component: AnalyzableComponent) => parsePurl(component.purl)?.coordinates
  return {
    identity: 'SNYK_ANALYZER',
    isEnabled: (settings) =>
      flag(settings, 'snyk.enabled') &&
      ['snyk.base.url', 'snyk.org.id', 'snyk.api.version'].every((name) => setting(settings, name)),
    isCapable(component) {
      const parts = component.purl ? purlParts(component.purl) : undefined
      return !!parts?.type && SNYK_PURL_TYPES.has(parts.type) && !!parts.name && !!parts.version
    },
    async analyze(components, context) {
      const base = setting(context.settings, 'snyk.base.url')!
      const org = setting(context.settings, 'snyk.org.id')!
      const version = setting(context.settings, 'snyk.api.version')!
      const tokens = (secret(context, 'snyk.api.token') ?? '')
        .split(';')
        .map((token) => token.trim())
        .filter(Boolean)
      const recordSettings = {
        cvssSource: setting(context.settings, 'snyk.cvss.source') ?? 'NVD',
        aliasSync: flag(context.settings, 'snyk.alias.sync.enabled'),
      }
      const cache = analysisCache(context, base, 'SNYK')
      const matches: AnalyzerMatch[] = []
      const cached = await cache.valid(components.map((c) => coordinatesOf(c)!))
      const queued = components.filter((component) => {
        const ids = cached.get(coordinatesOf(component)!)
        for (const id of ids ?? []) matches.push({ componentId: component.id, vulnerabilityId: id })
        return !ids
      })
      if (queued.length > 0 && tokens.length === 0) {
        logFailure(context, 'Snyk', new Error('no API token is configured'))
        return matches
      }
      let turn = 0
      let sunsetLogged = false
      // Requests run in parallel; their results are written one after the other.
      const fetched: { component: AnalyzableComponent; issues: SnykIssue[] }[] = []
      try {
        await eachLimited(queued, options.concurrency ?? 10, async (component) => {
          const url = joinUrl(
            base,
            `/rest/orgs/${encodeURIComponent(org)}/packages/${encodeURIComponent(coordinatesOf(component)!)}/issues?version=${encodeURIComponent(version)}`,
          )
          const token = tokens[turn++ % tokens.length]!
          const response = await sendWithRetry(
            http,
            url,
            { headers: { Authorization: `token ${token}`, Accept: 'application/vnd.api+json' } },
            'Snyk package issues',
            context.signal,
          )
          const sunset = response.headers.get('sunset')
          if (sunset && !sunsetLogged) {
            sunsetLogged = true
            context.logger.warn(
              { analyzer: 'Snyk', sunset, apiVersion: version },
              'Snyk announces the end of the configured API version; choose a newer snyk.api.version',
            )
          }
          const body = (await response.json()) as { data?: SnykIssue[] }
          fetched.push({ component, issues: body.data ?? [] })
        })
      } catch (error) {
        logFailure(context, 'Snyk', error)
      }
      for (const { component, issues } of fetched) {
        const records = issues
          .map((issue) => snykRecord(issue, component, recordSettings))
          .filter((r): r is VulnerabilityRecord => r !== undefined)
        const ids = await writeReported(context.db, records, {
          attributionSource: 'SNYK',
          syncAliases: recordSettings.aliasSync,
        })
        const found = [
          ...new Set(
            records
              .map((r) => ids.get(vulnKey(r.source, r.vulnId)))
              .filter((id): id is number => id !== undefined),
          ),
        ]
        for (const id of found) matches.push({ componentId: component.id, vulnerabilityId: id })
        await cache.save(new Map([[coordinatesOf(component)!, found]]))
      }
      return matches
    },
  }
}
