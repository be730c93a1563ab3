import { randomUUID } from 'node:crypto'
import type { VulnerabilitySource } from '../../../../common/dt-vocabulary.ts'
import { purlParts, type PurlParts } from '../../components/purl.ts'
import { parseCweId } from '../../vulnerabilities/cwe.ts'
import type { VulnerabilityRecord } from '../../vulnerabilities/model.ts'
import { markdownReferences } from '../../vulnerabilities/references.ts'
import { deriveSeverity } from '../../vulnerabilities/scoring.ts'
import type { AnalyzableComponent, Analyzer, AnalyzerMatch } from '../model.ts'
import { DEFAULT_HTTP, joinUrl, sendWithRetry, type HttpOptions } from './http.ts'
import { flag, secret, setting } from './settings.ts'
import { cvssFields, logFailure, vulnKey, writeReported } from './shared.ts'

/** Trivy's application (lock file) type for each library purl type. */
export const TRIVY_APP_TYPES: Record<string, string> = {
  cargo: 'cargo',
  cocoapods: 'cocoapods',
  composer: 'composer',
  conan: 'conan',
  conda: 'conda-pkg',
  gem: 'gemspec',
  golang: 'gobinary',
  hex: 'mix-lock',
  maven: 'jar',
  npm: 'node-pkg',
  nuget: 'nuget',
  pub: 'pub',
  pypi: 'python-pkg',
  swift: 'swift',
}
const OS_PURL_TYPES = new Set(['deb', 'rpm', 'apk'])

interface TrivyVulnerability {
  vulnerability_id?: string
  pkg_name?: string
  installed_version?: string
  title?: string
  description?: string
  severity?: string | number
  references?: string[]
  cvss?: Record<string, { v2_vector?: string; v3_vector?: string }>
  cwe_ids?: string[]
  published_date?: string
  last_modified_date?: string
  status?: string | number
  pkg_identifier?: { purl?: string }
}

const SEVERITY_NAMES = ['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL']
const FIXED = 3

/** 4.13 names the source after the id's prefix. */
export function trivySource(vulnId: string): VulnerabilitySource {
  if (vulnId.startsWith('CVE-')) return 'NVD'
  if (vulnId.startsWith('GHSA-')) return 'GITHUB'
  if (vulnId.startsWith('OSV-')) return 'OSV'
  if (vulnId.startsWith('SNYK-')) return 'SNYK'
  return 'UNKNOWN'
}

const packageName = (parts: PurlParts) =>
  parts.type === 'maven'
    ? `${parts.namespace}:${parts.name}`
    : parts.namespace
      ? `${parts.namespace}/${parts.name}`
      : parts.name!

function trivyRecord(vulnerability: TrivyVulnerability): VulnerabilityRecord {
  const vulnId = vulnerability.vulnerability_id!
  const cvssSets = Object.values(vulnerability.cvss ?? {})
  const vector =
    cvssSets.find((c) => c.v3_vector)?.v3_vector ?? cvssSets.find((c) => c.v2_vector)?.v2_vector
  const cvss = cvssFields(vector)
  const severity =
    typeof vulnerability.severity === 'number'
      ? SEVERITY_NAMES[vulnerability.severity]
      : vulnerability.severity
  const when = (text?: string) => (text ? new Date(text) : undefined)
  return {
    source: trivySource(vulnId),
    vulnId,
    title: vulnerability.title ?? null,
    description: vulnerability.description ?? null,
    references: markdownReferences(vulnerability.references ?? []),
    cwes: (vulnerability.cwe_ids ?? [])
      .map(parseCweId)
      .filter((id): id is number => id !== undefined),
    published: when(vulnerability.published_date),
    updated: when(vulnerability.last_modified_date),
    ...cvss,
    severity: deriveSeverity({ ...cvss, severity }),
  }
}

export function createTrivyAnalyzer(options: { http?: Partial<HttpOptions> } = {}): Analyzer {
  const http = { ...DEFAULT_HTTP, ...options.http }
  return {
    identity: 'TRIVY_ANALYZER',
    isEnabled: (settings) =>
      flag(settings, 'trivy.enabled') && setting(settings, 'trivy.base.url') !== null,
    isCapable(component) {
      if (component.classifier === 'OPERATING_SYSTEM') return true
      const type = component.purl ? purlParts(component.purl)?.type : undefined
      return !!type && (type in TRIVY_APP_TYPES || OS_PURL_TYPES.has(type))
    },
    async analyze(components, context) {
      const base = setting(context.settings, 'trivy.base.url')!
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Trivy-Token': secret(context, 'trivy.api.token') ?? '',
      }
      const scanLibrary = flag(context.settings, 'trivy.scanner.scanLibrary')
      const scanOs = flag(context.settings, 'trivy.scanner.scanOs')
      const ignoreUnfixed = flag(context.settings, 'trivy.ignore.unfixed')

      const applications = new Map<
        string,
        { name: string; version: string; identifier: { purl: string } }[]
      >()
      const osPackages: { name: string; version: string; identifier: { purl: string } }[] = []
      const byPackage = new Map<string, AnalyzableComponent[]>()
      let os: { family: string; name: string } | undefined
      for (const component of components) {
        if (component.classifier === 'OPERATING_SYSTEM') {
          os = { family: component.name, name: component.version ?? '' }
          continue
        }
        const parts = purlParts(component.purl!)!
        const name = packageName(parts)
        const entry = { name, version: parts.version ?? '', identifier: { purl: component.purl! } }
        const key = `${name}@${entry.version}`
        byPackage.set(key, [...(byPackage.get(key) ?? []), component])
        byPackage.set(component.purl!, [...(byPackage.get(component.purl!) ?? []), component])
        if (OS_PURL_TYPES.has(parts.type!)) {
          osPackages.push(entry)
          const distro = parts.qualifiers?.distro
          if (!os && distro) {
            const [family, ...version] = distro.split('-')
            os = { family: family!, name: version.join('-') }
          }
        } else {
          const type = TRIVY_APP_TYPES[parts.type!]!
          applications.set(type, [...(applications.get(type) ?? []), entry])
        }
      }
      const pkgTypes = [...(scanLibrary ? ['library'] : []), ...(scanOs ? ['os'] : [])]
      if (pkgTypes.length === 0 || byPackage.size === 0) return []

      const diffId = `sha256:${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`
      const call = async (path: string, body: unknown, what: string) =>
        sendWithRetry(
          http,
          joinUrl(base, `/twirp/${path}`),
          { method: 'POST', headers, body: JSON.stringify(body) },
          what,
          context.signal,
        )
      const matches: AnalyzerMatch[] = []
      let blobStored = false
      try {
        await call(
          'trivy.cache.v1.Cache/PutBlob',
          {
            diff_id: diffId,
            blob_info: {
              schema_version: 2,
              ...(os ? { os } : {}),
              package_infos: osPackages.length > 0 ? [{ packages: osPackages }] : [],
              applications: [...applications].map(([type, libraries]) => ({ type, libraries })),
            },
          },
          'Trivy PutBlob',
        )
        blobStored = true
        const response = await call(
          'trivy.scanner.v1.Scanner/Scan',
          {
            target: 'lookout',
            artifact_id: diffId,
            blob_ids: [diffId],
            options: { pkg_types: pkgTypes, scanners: ['vuln'] },
          },
          'Trivy Scan',
        )
        const scan = (await response.json()) as {
          results?: { vulnerabilities?: TrivyVulnerability[] }[]
        }
        const reported = (scan.results ?? [])
          .flatMap((result) => result.vulnerabilities ?? [])
          .filter((v) => v.vulnerability_id)
          .filter((v) => !ignoreUnfixed || v.status === 'FIXED' || v.status === FIXED)
        const records = reported.map(trivyRecord)
        const ids = await writeReported(context.db, records, {
          attributionSource: 'TRIVY',
          syncAliases: false,
          policyFor: () => 'keep-fields',
        })
        for (const vulnerability of reported) {
          const id = ids.get(
            vulnKey(trivySource(vulnerability.vulnerability_id!), vulnerability.vulnerability_id!),
          )
          const targets =
            byPackage.get(vulnerability.pkg_identifier?.purl ?? '') ??
            byPackage.get(`${vulnerability.pkg_name}@${vulnerability.installed_version}`) ??
            []
          if (id === undefined) continue
          for (const component of targets) {
            matches.push({ componentId: component.id, vulnerabilityId: id })
          }
        }
      } catch (error) {
        logFailure(context, 'Trivy', error)
      } finally {
        if (blobStored) {
          await call(
            'trivy.cache.v1.Cache/DeleteBlobs',
            { blob_ids: [diffId] },
            'Trivy DeleteBlobs',
          )
            .then((response) => response.body?.cancel())
            .catch((error) => logFailure(context, 'Trivy', error))
        }
      }
      return matches
    },
  }
}
