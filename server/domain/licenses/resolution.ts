import type { AppContext } from '../../context.ts'
import type { Database, Queryable } from '../../db/database.ts'
import {
  componentLicensesNaming,
  updateComponentLicenses,
  type ComponentLicenseRow,
  type ComponentLicenseUpdate,
} from '../../data/license-resolution.ts'
import { catalogueEntriesNamed } from '../../data/licenses.ts'
import { POLICY_EVALUATION_JOB, type PolicyEvaluationPayload } from '../policies/model.ts'
import {
  licenseLookup,
  lookupTexts,
  resolveLicenseChoice,
  type LicenseChoice,
  type LicenseLookup,
} from './resolve.ts'

type Enqueue = AppContext['enqueue']

/** Resolves components again after the catalogue changed (a custom license added or deleted). */
export const LICENSE_RESOLUTION_JOB = 'license.resolution'

export interface LicenseResolutionPayload {
  /** Only components whose license choice names one of these; all components when absent. */
  texts?: string[]
}

/** A lookup over just the catalogue entries these choices could name (one query). */
export async function loadLicenseLookup(
  db: Queryable,
  choices: Iterable<LicenseChoice | null>,
): Promise<LicenseLookup> {
  const texts: string[] = []
  for (const choice of choices) texts.push(...lookupTexts(choice))
  return licenseLookup(await catalogueEntriesNamed(db, texts))
}

/** Every component, after the bundled catalogue changed (one such job at a time). */
export async function requestFullLicenseResolution(db: Queryable, enqueue: Enqueue) {
  const payload: LicenseResolutionPayload = {}
  await enqueue(db, LICENSE_RESOLUTION_JOB, payload, { singletonKey: LICENSE_RESOLUTION_JOB })
}

/** The license columns of a component written through the API. */
export interface ComponentLicenseColumns {
  license_id: string | null
  license: string | null
  license_url: string | null
  license_expression: string | null
  license_candidates: LicenseChoice | null
}

/**
 * §4.3: a `license` that names a catalogue entry resolves (free text otherwise) and wins over
 * the expression; the URL goes with the license only. Resolved like a BOM's license id, so a
 * later catalogue change treats both alike.
 */
export async function resolveWrittenLicense(
  db: Queryable,
  input: { license?: string | null; licenseExpression?: string | null; licenseUrl?: string | null },
): Promise<ComponentLicenseColumns> {
  let choice: LicenseChoice | null = null
  if (input.license) {
    const url = input.licenseUrl ? { url: input.licenseUrl } : {}
    choice = { licenses: [{ id: input.license, name: input.license, ...url }] }
  } else if (input.licenseExpression) {
    choice = { licenses: [], expression: input.licenseExpression }
  }
  const fields = resolveLicenseChoice(choice, await loadLicenseLookup(db, [choice]))
  return {
    license_id: fields.licenseId,
    license: fields.license,
    license_url: fields.licenseUrl,
    license_expression: fields.licenseExpression,
    license_candidates: choice,
  }
}

const BATCH = 2000

/** The license columns a stored row should hold now, or undefined when it holds them. */
function changedColumns(
  row: ComponentLicenseRow,
  lookup: LicenseLookup,
): ComponentLicenseUpdate | undefined {
  const fields = resolveLicenseChoice(row.license_candidates as LicenseChoice | null, lookup)
  const update = {
    id: row.id,
    license_id: fields.licenseId,
    license: fields.license,
    license_url: fields.licenseUrl,
    license_expression: fields.licenseExpression,
  }
  const same =
    update.license_id === row.license_id &&
    update.license === row.license &&
    update.license_url === row.license_url &&
    update.license_expression === row.license_expression
  return same ? undefined : update
}

/**
 * Walks the matching components in id order, a batch at a time: one read, one catalogue lookup,
 * then one transaction that rewrites the changed rows and queues the policy evaluation of their
 * components, project by project. Answers how many components changed.
 */
export async function resolveComponentLicensesAgain(
  db: Database,
  enqueue: Enqueue,
  payload: LicenseResolutionPayload,
): Promise<number> {
  let changed = 0
  let after: number | string = 0
  for (;;) {
    const rows = await componentLicensesNaming(db, payload.texts ?? null, after, BATCH)
    if (rows.length === 0) break
    after = rows.at(-1)!.id
    const lookup = await loadLicenseLookup(
      db,
      rows.map((row) => row.license_candidates as LicenseChoice | null),
    )
    const updates: ComponentLicenseUpdate[] = []
    const byProject = new Map<number, number[]>()
    for (const row of rows) {
      const update = changedColumns(row, lookup)
      if (!update) continue
      updates.push(update)
      const ids = byProject.get(Number(row.project_id)) ?? []
      if (ids.length === 0) byProject.set(Number(row.project_id), ids)
      ids.push(Number(row.id))
    }
    await db.transaction(async (tx) => {
      await updateComponentLicenses(tx, updates)
      for (const [projectId, componentIds] of byProject) {
        const evaluation: PolicyEvaluationPayload = { projectId, componentIds, reason: 'COMPONENT' }
        await enqueue(tx, POLICY_EVALUATION_JOB, evaluation)
      }
    })
    changed += updates.length
    if (rows.length < BATCH) break
  }
  return changed
}
