import { isCompoundExpression, parseSpdxExpression, singleSpdxId } from './expression.ts'

/**
 * License resolution (dt-behaviour §1.7) against the catalogue, bundled and custom licenses
 * alike. Pure: the caller loads the catalogue entries the texts could name (see lookupTexts).
 */

/** One `licenses[].license` of a BOM (or the `license` of an API write); nulls left out. */
export interface LicenseCandidate {
  id?: string
  name?: string
  url?: string
}

/**
 * What was said about a component's license, kept in `component.license_candidates` so the
 * component is resolved again when the catalogue changes. `expression` is a valid one only.
 */
export interface LicenseChoice {
  licenses: LicenseCandidate[]
  expression?: string
}

export interface LicenseFields {
  /** The catalogue entry's licenseId (`component.license_id`), or null. */
  licenseId: string | null
  /** Free text, only when nothing resolved. */
  license: string | null
  licenseUrl: string | null
  licenseExpression: string | null
}

/** The licenseId of the entry whose licenseId or name is exactly the text, if any. */
export type LicenseLookup = (text: string) => string | undefined

export interface CatalogueEntry {
  license_id: string
  name: string
}

/** Exact, case-sensitive; when several entries match, the lowest licenseId wins (as 4.13). */
export function licenseLookup(entries: readonly CatalogueEntry[]): LicenseLookup {
  const byText = new Map<string, string>()
  const offer = (text: string, licenseId: string) => {
    const known = byText.get(text)
    if (known === undefined || licenseId < known) byText.set(text, licenseId)
  }
  for (const entry of entries) {
    offer(entry.license_id, entry.license_id)
    offer(entry.name, entry.license_id)
  }
  return (text) => byText.get(text)
}

const SHORT = 255
const cut = (text: string | undefined | null) => (text ? text.slice(0, SHORT) : null)
const NOTHING: LicenseFields = {
  licenseId: null,
  license: null,
  licenseUrl: null,
  licenseExpression: null,
}

/** The texts a choice could name: what to load from the catalogue before resolving it. */
export function lookupTexts(choice: LicenseChoice | null): string[] {
  if (!choice) return []
  const texts: string[] = []
  for (const candidate of choice.licenses) {
    if (candidate.id) texts.push(candidate.id)
    if (candidate.name) texts.push(candidate.name)
  }
  const single = singleSpdxId(choice.expression)
  if (single) texts.push(single)
  return texts
}

/** Step 1 then 2 of §1.7: by id (licenseId or name), then by name. */
function resolveCandidate(candidate: LicenseCandidate, lookup: LicenseLookup) {
  return (
    (candidate.id ? lookup(candidate.id) : undefined) ??
    (candidate.name ? lookup(candidate.name) : undefined)
  )
}

/** A candidate as one operand of an SPDX expression, or undefined when it cannot be written so. */
function operand(candidate: LicenseCandidate, lookup: LicenseLookup): string | undefined {
  const text = [resolveCandidate(candidate, lookup), candidate.id, candidate.name].find(
    (value) => value !== undefined && parseSpdxExpression(value) !== null,
  )
  if (text === undefined) return undefined
  return isCompoundExpression(text) ? `(${text})` : text
}

/**
 * Beyond 4.13 (DT#4070): several listed licenses all apply, so the component's license is
 * their conjunction and no single license is "the" resolved one. Only when every entry can be
 * written as SPDX; otherwise 4.13's first-hit rule stands.
 */
function conjunction(candidates: LicenseCandidate[], lookup: LicenseLookup): string | undefined {
  const operands = new Set<string>()
  for (const candidate of candidates) {
    const text = operand(candidate, lookup)
    if (text === undefined) return undefined
    operands.add(text)
  }
  if (operands.size < 2) return undefined
  const expression = [...operands].join(' AND ')
  return parseSpdxExpression(expression) ? expression : undefined
}

/** A license choice resolved against the catalogue (§1.7, plus DT#5143 and DT#4070). */
export function resolveLicenseChoice(
  choice: LicenseChoice | null,
  lookup: LicenseLookup,
): LicenseFields {
  if (!choice) return NOTHING
  const listed = choice.licenses
  if (!choice.expression) {
    const combined = conjunction(listed, lookup)
    if (combined) return { ...NOTHING, licenseExpression: combined }
    // Beyond 4.13 (DT#5143): `GPL-2.0-only WITH Classpath-exception-2.0` as a license's name is
    // an expression, not an unknown license name.
    const only = listed.length === 1 ? listed[0]! : undefined
    if (only && resolveCandidate(only, lookup) === undefined) {
      const text = [only.id, only.name].find(isCompoundExpression)
      if (text) return { ...NOTHING, licenseExpression: text }
    }
  }
  const candidates = [...listed]
  const single = singleSpdxId(choice.expression)
  if (single) candidates.push({ id: single, name: single })
  const expression = choice.expression ?? null
  for (const candidate of candidates) {
    const licenseId = resolveCandidate(candidate, lookup)
    if (licenseId !== undefined) {
      return {
        licenseId,
        license: null,
        licenseUrl: cut(candidate.url),
        licenseExpression: expression,
      }
    }
  }
  const first = candidates[0]
  return {
    licenseId: null,
    license: cut(first?.name ?? first?.id),
    licenseUrl: cut(first?.url),
    licenseExpression: expression,
  }
}
