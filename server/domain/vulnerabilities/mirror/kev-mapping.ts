import { z } from 'zod'
import type { KnownExploitedRow } from '../../../data/known-exploited.ts'

const KEV_SHAPE =
  'a CISA KEV catalogue: {"catalogVersion", "dateReleased", "count", "vulnerabilities": [...]}'

/** Anything that is not CISA's catalogue format; the message says what was expected. */
export class KevFormatError extends Error {
  override name = 'KevFormatError'
}

const catalogueSchema = z.object({
  catalogVersion: z.string().trim().min(1),
  dateReleased: z.string().nullish(),
  count: z.number().int().nonnegative().nullish(),
  vulnerabilities: z.array(z.unknown()),
})

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a date')

const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null))

const entrySchema = z.object({
  cveID: z
    .string()
    .trim()
    .regex(/^CVE-\d{4}-\d{4,19}$/),
  vendorProject: optionalText,
  product: optionalText,
  vulnerabilityName: optionalText,
  dateAdded: isoDate,
  shortDescription: optionalText,
  requiredAction: optionalText,
  dueDate: isoDate.nullish().or(z.literal('').transform(() => null)),
  knownRansomwareCampaignUse: optionalText,
  notes: optionalText,
  cwes: z.array(z.string()).nullish(),
})

export interface KevCatalogue {
  catalogVersion: string
  dateReleased: string | null
  count: number | null
  entries: KnownExploitedRow[]
  /** Entries left out because they lack a CVE id or a date added. */
  skipped: { index: number; cveID: unknown; problem: string }[]
}

const CWE = /^CWE-\d+$/

/** Reads CISA's catalogue JSON into rows (one per CVE; a repeated CVE keeps its last entry). */
export function parseKevCatalogue(document: unknown): KevCatalogue {
  const catalogue = catalogueSchema.safeParse(document)
  if (!catalogue.success) throw new KevFormatError(`Expected ${KEV_SHAPE}`)
  const rows = new Map<string, KnownExploitedRow>()
  const skipped: KevCatalogue['skipped'] = []
  catalogue.data.vulnerabilities.forEach((item, index) => {
    const entry = entrySchema.safeParse(item)
    if (!entry.success) {
      const issue = entry.error.issues[0]
      skipped.push({
        index,
        cveID: (item as { cveID?: unknown } | null)?.cveID,
        problem: `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`,
      })
      return
    }
    const value = entry.data
    rows.set(value.cveID, {
      cve_id: value.cveID,
      vendor_project: value.vendorProject,
      product: value.product,
      vulnerability_name: value.vulnerabilityName,
      date_added: value.dateAdded,
      short_description: value.shortDescription,
      required_action: value.requiredAction,
      due_date: value.dueDate ?? null,
      known_ransomware_campaign_use: value.knownRansomwareCampaignUse,
      notes: value.notes,
      cwes: value.cwes
        ? [...new Set(value.cwes.map((cwe) => cwe.trim()))].filter((cwe) => CWE.test(cwe))
        : null,
    })
  })
  return {
    catalogVersion: catalogue.data.catalogVersion,
    dateReleased: catalogue.data.dateReleased ?? null,
    count: catalogue.data.count ?? null,
    entries: [...rows.values()],
    skipped,
  }
}

const CATALOGUE_VERSION = /^\d{4}\.\d{2}\.\d{2}$/

/** Whether `incoming` is an older catalogue than `stored` (CISA's versions are dates). */
export const isOlderCatalogue = (incoming: string, stored: string) =>
  CATALOGUE_VERSION.test(incoming) && CATALOGUE_VERSION.test(stored) && incoming < stored

const sameRow = (a: KnownExploitedRow, b: KnownExploitedRow) =>
  a.vendor_project === b.vendor_project &&
  a.product === b.product &&
  a.vulnerability_name === b.vulnerability_name &&
  a.date_added === b.date_added &&
  a.short_description === b.short_description &&
  a.required_action === b.required_action &&
  a.due_date === b.due_date &&
  a.known_ransomware_campaign_use === b.known_ransomware_campaign_use &&
  a.notes === b.notes &&
  JSON.stringify(a.cwes) === JSON.stringify(b.cwes)

export interface KevChanges {
  added: KnownExploitedRow[]
  changed: KnownExploitedRow[]
  /** CVE ids no longer listed. */
  removed: string[]
}

/** What turns the stored catalogue into the incoming one. */
export function kevChanges(
  stored: readonly KnownExploitedRow[],
  incoming: readonly KnownExploitedRow[],
): KevChanges {
  const before = new Map(stored.map((row) => [row.cve_id, row]))
  const changes: KevChanges = { added: [], changed: [], removed: [] }
  for (const row of incoming) {
    const old = before.get(row.cve_id)
    if (!old) changes.added.push(row)
    else if (!sameRow(old, row)) changes.changed.push(row)
    before.delete(row.cve_id)
  }
  changes.removed = [...before.keys()]
  return changes
}
