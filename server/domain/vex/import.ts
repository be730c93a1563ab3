import { VULNERABILITY_SOURCES } from '../../../common/dt-vocabulary.ts'
import {
  componentsMatching,
  componentsWithVulnerability,
  findingsByVulnIds,
  findVulnerabilityId,
  projectHasFindings,
} from '../../data/vex.ts'
import type { Queryable } from '../../db/database.ts'
import { canonicalPurl } from '../bom/convert.ts'
import { applyVexDecision, type VexDecision } from './apply.ts'
import { fromOpenVex, justificationFromCdx, responseFromCdx, stateFromCdx } from './mapping.ts'
import type { ParsedVex } from './parse.ts'

type Json = Record<string, unknown>

export const CYCLONEDX_COMMENTER = 'CycloneDX VEX'
export const OPENVEX_COMMENTER = 'OpenVEX'

const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

export interface VexProject {
  id: number
  uuid: string
  purl: string | null
}

export interface VexOutcome {
  /** Analyses written (one per component and VEX entry). */
  applied: number
  /** VEX entries left out (unknown source or vulnerability, nothing to apply to). */
  skipped: number
}

/** Applies a VEX to the project's analyses (§7.2); the caller holds the transaction. */
export async function applyVex(
  db: Queryable,
  project: VexProject,
  vex: ParsedVex,
): Promise<VexOutcome> {
  if (!(await projectHasFindings(db, project.id))) return { applied: 0, skipped: 0 }
  return vex.kind === 'OPENVEX'
    ? applyOpenVex(db, project, vex.document)
    : applyCycloneDx(db, project.id, vex.document)
}

function flattenComponents(components: unknown, into: Map<string, Json>) {
  for (const item of arr(components)) {
    const component = obj(item)
    const ref = text(component['bom-ref'])
    if (ref) into.set(ref, component)
    flattenComponents(component.components, into)
  }
  return into
}

function flattenServiceRefs(services: unknown, into: Set<string>) {
  for (const item of arr(services)) {
    const ref = text(obj(item)['bom-ref'])
    if (ref) into.add(ref)
    flattenServiceRefs(obj(item).services, into)
  }
  return into
}

function cdxDecision(analysis: Json): VexDecision {
  return {
    state:
      analysis.state === undefined || analysis.state === null
        ? undefined
        : stateFromCdx(analysis.state),
    justification:
      analysis.justification === undefined || analysis.justification === null
        ? undefined
        : justificationFromCdx(analysis.justification),
    details: text(analysis.detail),
    responses: arr(analysis.response).map(responseFromCdx),
  }
}

function identityOf(component: Json) {
  const purl = canonicalPurl(component.purl)
  return {
    purl: purl?.purl ?? undefined,
    purlCoordinates: purl?.coordinates ?? undefined,
    cpe: text(component.cpe),
    swidTagId: text(obj(component.swid).tagId),
    group: text(component.group),
    name: text(component.name),
    version: text(component.version),
  }
}

const KNOWN_SOURCES = new Set<string>(VULNERABILITY_SOURCES.map((source) => source.toUpperCase()))

async function applyCycloneDx(
  db: Queryable,
  projectId: number,
  document: Json,
): Promise<VexOutcome> {
  const outcome: VexOutcome = { applied: 0, skipped: 0 }
  const metadataRef = text(obj(obj(document.metadata).component)['bom-ref'])
  const components = flattenComponents(document.components, new Map())
  const services = flattenServiceRefs(document.services, new Set())
  for (const item of arr(document.vulnerabilities)) {
    const vulnerability = obj(item)
    const id = text(vulnerability.id)
    const source = text(obj(vulnerability.source).name)
    const affects = arr(vulnerability.affects)
    const analysis = vulnerability.analysis
    if (
      !id ||
      !source ||
      !KNOWN_SOURCES.has(source.toUpperCase()) ||
      affects.length === 0 ||
      analysis === undefined ||
      analysis === null
    ) {
      outcome.skipped++
      continue
    }
    const vulnerabilityId = await findVulnerabilityId(db, source, id)
    if (vulnerabilityId === undefined) {
      outcome.skipped++
      continue
    }
    const targets = new Set<number>()
    for (const affect of affects) {
      const ref = text(obj(affect).ref)
      if (!ref || services.has(ref)) continue
      const component = components.get(ref)
      if (component) {
        for (const componentId of await componentsMatching(db, projectId, identityOf(component)))
          targets.add(componentId)
      } else if (ref === metadataRef || ref.startsWith('urn:cdx:')) {
        for (const componentId of await componentsWithVulnerability(db, projectId, vulnerabilityId))
          targets.add(componentId)
      }
    }
    const decision = cdxDecision(obj(analysis))
    for (const componentId of targets) {
      await applyVexDecision(
        db,
        { projectId, componentId, vulnerabilityId },
        decision,
        CYCLONEDX_COMMENTER,
      )
      outcome.applied++
    }
    if (targets.size === 0) outcome.skipped++
  }
  return outcome
}

/** Product identifiers of an OpenVEX product or subcomponent: its @id and its purl. */
function productIds(product: unknown): string[] {
  const p = obj(product)
  const ids = [text(p['@id']), text(obj(p.identifiers).purl)].filter((id) => id !== undefined)
  return ids.flatMap((id) => {
    const canonical = canonicalPurl(id)?.purl
    return canonical && canonical !== id ? [id, canonical] : [id]
  })
}

async function applyOpenVex(
  db: Queryable,
  project: VexProject,
  document: Json,
): Promise<VexOutcome> {
  const outcome: VexOutcome = { applied: 0, skipped: 0 }
  const projectIds = new Set([`urn:uuid:${project.uuid}`, ...(project.purl ? [project.purl] : [])])
  for (const item of arr(document.statements)) {
    const statement = obj(item)
    const vulnerability = obj(statement.vulnerability)
    const names = [vulnerability.name, vulnerability['@id'], ...arr(vulnerability.aliases)]
      .map(text)
      .filter((name) => name !== undefined)
    const findings = names.length > 0 ? await findingsByVulnIds(db, project.id, names) : []
    const products = arr(statement.products)
    const subcomponents = products.flatMap((product) => arr(obj(product).subcomponents))
    const wanted = new Set(
      (subcomponents.length > 0 ? subcomponents : products).flatMap(productIds),
    )
    const wholeProject =
      products.length === 0 ||
      (subcomponents.length === 0 && [...wanted].some((id) => projectIds.has(id)))
    const targets = findings.filter(
      (finding) =>
        wholeProject ||
        (finding.purl !== null && wanted.has(finding.purl)) ||
        wanted.has(`urn:uuid:${finding.uuid}`),
    )
    if (targets.length === 0) {
      outcome.skipped++
      continue
    }
    const mapped = fromOpenVex(statement)
    const decision: VexDecision = {
      state: mapped.state,
      justification: mapped.justification,
      details: mapped.details ?? undefined,
      responses: mapped.response ? [mapped.response] : [],
    }
    for (const finding of targets) {
      await applyVexDecision(
        db,
        {
          projectId: project.id,
          componentId: Number(finding.component_id),
          vulnerabilityId: Number(finding.vulnerability_id),
        },
        decision,
        OPENVEX_COMMENTER,
      )
      outcome.applied++
    }
  }
  return outcome
}
