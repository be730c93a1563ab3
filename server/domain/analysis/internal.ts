import {
  findCandidates,
  linkedVulnerabilities,
  type CpeKey,
  type PurlKey,
} from '../../data/analysis-candidates.ts'
import type { Queryable } from '../../db/database.ts'
import { fuzzyCandidates, wantsFuzzy } from './fuzzy.ts'
import {
  analysisTarget,
  rangeAffects,
  softwareRange,
  type AnalysisTarget,
  type SoftwareRange,
} from './matching.ts'
import type { AnalyzableComponent, Analyzer, AnalyzerMatch } from './model.ts'

const SEP = '\u0000'
const purlKeyOf = (type: string | null, namespace: string | null, name: string | null) =>
  [type, namespace ?? '', name].join(SEP)
const cpeKeyOf = (part: string | null, vendor: string | null, product: string | null) =>
  [part, vendor, product].join(SEP)

/** The (part, vendor, product) values a CPE candidate may have for one target value (§2.2 A). */
const accepted = (value: string): string[] => (value === '-' ? ['-', '*'] : [value, '*'])

/** Exact lookup keys of a component CPE, or one open key when an attribute is `*`. */
function cpeKeys(target: AnalysisTarget): { exact: string[]; open?: CpeKey } {
  const cpe = target.cpe
  if (!cpe) return { exact: [] }
  const values = [cpe.part, cpe.vendor, cpe.product]
  if (values.includes('*')) {
    const [part, vendor, product] = values.map((v) => (v === '*' ? null : v))
    return { exact: [], open: { part: part!, vendor: vendor!, product: product! } }
  }
  const exact: string[] = []
  for (const part of accepted(cpe.part))
    for (const vendor of accepted(cpe.vendor))
      for (const product of accepted(cpe.product)) exact.push(cpeKeyOf(part, vendor, product))
  return { exact }
}

/** Whether a CPE row is a candidate of an open key (the same rules, in JavaScript). */
function openAccepts(key: CpeKey, row: SoftwareRange): boolean {
  const fits = (wanted: string | null, value: string | null) =>
    wanted === null ? value !== null : value === '*' || value === wanted
  return (
    row.cpe23 !== null &&
    fits(key.part, row.part) &&
    fits(key.vendor, row.vendor) &&
    fits(key.product, row.product)
  )
}

interface Prepared {
  component: AnalyzableComponent
  target: AnalysisTarget
  purlKey?: string
  cpe: { exact: string[]; open?: CpeKey }
}

/**
 * The internal analyzer (4.13 §2.2): the catalogue's vulnerable software, matched by purl
 * coordinates or CPE, then filtered by the CPE attribute and version checks. One candidate query
 * per batch; the checks run here.
 */
export const internalAnalyzer: Analyzer = {
  identity: 'INTERNAL_ANALYZER',
  isEnabled: (settings) => settings.get('internal.enabled') !== 'false',
  isCapable: (component) => Boolean(component.cpe || component.purl),
  async analyze(components, context) {
    const prepared: Prepared[] = []
    const purlKeys = new Map<string, PurlKey>()
    const exactKeys = new Map<string, CpeKey>()
    const openKeys: CpeKey[] = []
    for (const component of components) {
      const target = analysisTarget(component)
      if (target.cpeVersion === null) continue
      const entry: Prepared = { component, target, cpe: cpeKeys(target) }
      const purl = target.purl
      if (purl?.type && purl.name) {
        entry.purlKey = purlKeyOf(purl.type, purl.namespace, purl.name)
        purlKeys.set(entry.purlKey, { type: purl.type, namespace: purl.namespace, name: purl.name })
      }
      for (const key of entry.cpe.exact) {
        const [part, vendor, product] = key.split(SEP)
        exactKeys.set(key, { part: part!, vendor: vendor!, product: product! })
      }
      if (entry.cpe.open) openKeys.push(entry.cpe.open)
      prepared.push(entry)
    }
    if (prepared.length === 0) return []

    const found = await findCandidates(
      context.db,
      [...purlKeys.values()],
      [...exactKeys.values(), ...openKeys],
    )
    const rows = [...new Map(found.map((row) => [String(row.id), row])).values()].map(softwareRange)
    const byPurl = new Map<string, SoftwareRange[]>()
    const byCpe = new Map<string, SoftwareRange[]>()
    const push = (map: Map<string, SoftwareRange[]>, key: string, row: SoftwareRange) => {
      const list = map.get(key)
      if (list) list.push(row)
      else map.set(key, [row])
    }
    for (const row of rows) {
      if (row.purlType !== null)
        push(byPurl, purlKeyOf(row.purlType, row.purlNamespace, row.purlName), row)
      if (row.part !== null) push(byCpe, cpeKeyOf(row.part, row.vendor, row.product), row)
    }

    const affected: Array<[componentId: number, softwareId: number]> = []
    const unmatched: Prepared[] = []
    for (const entry of prepared) {
      const candidates = new Set<SoftwareRange>()
      if (entry.purlKey) for (const row of byPurl.get(entry.purlKey) ?? []) candidates.add(row)
      for (const key of entry.cpe.exact) for (const row of byCpe.get(key) ?? []) candidates.add(row)
      const open = entry.cpe.open
      if (open) for (const row of rows) if (openAccepts(open, row)) candidates.add(row)
      if (candidates.size === 0) unmatched.push(entry)
      else collect(entry, candidates, affected)
    }

    const fuzzy = unmatched.filter((entry) =>
      wantsFuzzy(entry.component, entry.target, context.settings),
    )
    if (fuzzy.length > 0) {
      const found = await fuzzyCandidates(context.db, fuzzy)
      for (const entry of fuzzy) collect(entry, found.get(entry.component.id) ?? [], affected)
    }
    return expand(context.db, affected)
  },
}

function collect(
  entry: Prepared,
  candidates: Iterable<SoftwareRange>,
  affected: Array<[number, number]>,
) {
  for (const range of candidates) {
    if (rangeAffects(range, entry.target)) affected.push([entry.component.id, range.id])
  }
}

/** Every vulnerability of every affecting range, once per component. */
async function expand(
  db: Queryable,
  affected: ReadonlyArray<[number, number]>,
): Promise<AnalyzerMatch[]> {
  if (affected.length === 0) return []
  const bySoftware = new Map<number, number[]>()
  for (const link of await linkedVulnerabilities(db, [...new Set(affected.map(([, id]) => id))])) {
    const id = Number(link.software_id)
    bySoftware.set(id, [...(bySoftware.get(id) ?? []), Number(link.vulnerability_id)])
  }
  const seen = new Set<string>()
  const matches: AnalyzerMatch[] = []
  for (const [componentId, softwareId] of affected) {
    for (const vulnerabilityId of bySoftware.get(softwareId) ?? []) {
      const key = `${componentId}:${vulnerabilityId}`
      if (seen.has(key)) continue
      seen.add(key)
      matches.push({ componentId, vulnerabilityId })
    }
  }
  return matches
}
