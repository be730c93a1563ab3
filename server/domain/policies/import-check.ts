import type { z } from 'zod'
import {
  conditionValueProblem,
  type ConditionValueProblem,
} from '../../../common/policy-conditions.ts'
import type { Queryable } from '../../db/database.ts'
import { findPoliciesByNames, type PolicyRow } from '../../data/policies.ts'
import {
  licenseGroupDocumentsByNames,
  type LicenseGroupDocumentRow,
} from '../../data/license-groups.ts'
import { licenseRefsByLicenseIds } from '../../data/licenses.ts'
import { projectsByNameVersion } from '../../data/policy-limits.ts'
import { problem } from '../../lib/errors.ts'
import { normaliseTagName } from '../projects/input.ts'
import { PolicyDocument, type DocumentLicenseGroup, type DocumentPolicy } from './document.ts'

/** A document checked against this server: every name it uses resolved to a row. */
export interface CheckedGroup {
  doc: DocumentLicenseGroup
  existing: LicenseGroupDocumentRow | undefined
  /** License row ids, and the licenseIds alphabetical (to compare with the stored group). */
  licenseRowIds: number[]
  licenseIds: string[]
}

export interface CheckedCondition {
  subject: string
  operator: string
  /** The stored value: a LICENSE uuid, a LICENSE_GROUP uuid, else the trimmed value. */
  value: string
  /** A LICENSE_GROUP condition on a group this document creates (its uuid is not known yet). */
  newGroup?: string
}

export interface CheckedPolicy {
  doc: DocumentPolicy
  existing: PolicyRow | undefined
  conditions: CheckedCondition[]
  projectIds: number[]
  tags: string[]
}

export interface CheckedDocument {
  groups: CheckedGroup[]
  policies: CheckedPolicy[]
}

type Errors = Record<string, string>

const PROBLEM_TEXT: Record<ConditionValueProblem, string> = {
  blank: 'must not be blank',
  tooLong: 'size must be between 1 and 255',
  notPrintable: 'The value may only contain printable characters',
  operator: 'The operator does not apply to this subject',
  period: 'must be a positive ISO-8601 period such as P30D or P1Y6M',
  severity: 'must be one of CRITICAL, HIGH, MEDIUM, LOW, INFO, UNASSIGNED',
  uuid: 'must name a license group',
  license: 'must be a licenseId or unresolved',
  cwe: 'must be a comma-separated list of CWE ids, or *',
  decimal: 'must be a number from 0 to 1',
  coordinates: 'must be a JSON object with at least one of group, name and version',
  hash: 'must be a JSON object with a known algorithm and a hexadecimal value',
  versionDistance: 'must be a JSON object of whole numbers epoch, major, minor and patch',
  pattern: 'is not a valid pattern',
}

// Stands in for the uuid of a group the document creates, so its conditions can be checked.
const PENDING_UUID = '00000000-0000-0000-0000-000000000000'

const pathOf = (path: ReadonlyArray<PropertyKey>) =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  ) || 'document'

function zodErrors(issues: z.core.$ZodIssue[]): Errors {
  const errors: Errors = {}
  for (const issue of issues) errors[pathOf(issue.path)] ??= issue.message
  return errors
}

function duplicates(names: string[], what: string, at: (index: number) => string, errors: Errors) {
  const seen = new Set<string>()
  names.forEach((name, index) => {
    if (seen.has(name)) errors[at(index)] = `${what} with this name is listed more than once`
    seen.add(name)
  })
}

const refusal = (errors: Errors) =>
  problem(
    400,
    'Invalid policy document',
    `${Object.keys(errors).length} problem(s) found; nothing was imported`,
    { errors },
  )

type Condition = DocumentPolicy['conditions'][number]
type ProjectRef = { name: string; version: string | null }

const projectKey = (ref: ProjectRef) => JSON.stringify([ref.name, ref.version])
const valuesOf = (document: PolicyDocument, subject: string) =>
  document.policies.flatMap((p) =>
    p.conditions.filter((c) => c.subject === subject).map((c) => c.value.trim()),
  )

/** Everything the document names, looked up with one query per kind. */
async function loadReferences(db: Queryable, document: PolicyDocument) {
  const licenseIds = [
    ...document.licenseGroups.flatMap((g) => g.licenses),
    ...valuesOf(document, 'LICENSE'),
  ]
  const licenses = await licenseRefsByLicenseIds(db, [...new Set(licenseIds)])
  const documentGroups = new Set(document.licenseGroups.map((g) => g.name))
  const groupNames = new Set([...documentGroups, ...valuesOf(document, 'LICENSE_GROUP')])
  const groups = await licenseGroupDocumentsByNames(db, [...groupNames])
  const policies = await findPoliciesByNames(
    db,
    document.policies.map((p) => p.name),
  )
  const refs = document.policies.flatMap((p) =>
    p.projects.map((ref) => ({ name: ref.name, version: ref.version ?? null })),
  )
  const projects = await projectsByNameVersion(db, refs)
  return {
    licenses: new Map(licenses.map((license) => [license.license_id, license])),
    documentGroups,
    storedGroups: new Map(groups.map((group) => [group.name, group])),
    storedPolicies: new Map(policies.map((policy) => [policy.name, policy])),
    projects: new Map(projects.map((project) => [projectKey(project), project.id])),
  }
}

type References = Awaited<ReturnType<typeof loadReferences>>

function checkGroup(doc: DocumentLicenseGroup, g: number, refs: References, errors: Errors) {
  const licenseRowIds = new Set<number>()
  doc.licenses.forEach((licenseId, l) => {
    const license = refs.licenses.get(licenseId)
    if (license) licenseRowIds.add(license.id)
    else errors[`licenseGroups[${g}].licenses[${l}]`] = `No license with the id ${licenseId} exists`
  })
  return {
    doc,
    existing: refs.storedGroups.get(doc.name),
    licenseRowIds: [...licenseRowIds],
    licenseIds: [...new Set(doc.licenses)].sort(),
  }
}

/** The stored value of a LICENSE or LICENSE_GROUP condition, or the reason there is none. */
function storedValue(condition: CheckedCondition, refs: References): string | undefined {
  const { subject, value } = condition
  if (value === '' || (subject === 'LICENSE' && value === 'unresolved')) return undefined
  if (subject === 'LICENSE') {
    const license = refs.licenses.get(value)
    if (license) condition.value = license.uuid
    return license ? undefined : `No license with the id ${value} exists`
  }
  if (subject !== 'LICENSE_GROUP') return undefined
  const stored = refs.storedGroups.get(value)
  if (stored) condition.value = stored.uuid
  else if (refs.documentGroups.has(value)) {
    condition.newGroup = value
    condition.value = PENDING_UUID
  } else return `No license group named ${value} exists here or in the document`
  return undefined
}

function checkCondition(condition: Condition, at: string, refs: References, errors: Errors) {
  const { subject, operator } = condition
  const checked: CheckedCondition = { subject, operator, value: condition.value.trim() }
  const unknown = storedValue(checked, refs)
  const reason = unknown ?? conditionValueProblem(subject, operator, checked.value)
  if (reason) errors[at] = unknown ?? PROBLEM_TEXT[reason as ConditionValueProblem]
  return checked
}

function checkPolicy(doc: DocumentPolicy, p: number, refs: References, errors: Errors) {
  const at = `policies[${p}]`
  const conditions = doc.conditions.map((c, i) =>
    checkCondition(c, `${at}.conditions[${i}].value`, refs, errors),
  )
  const projectIds = new Set<number>()
  doc.projects.forEach((ref, j) => {
    const id = refs.projects.get(projectKey({ name: ref.name, version: ref.version ?? null }))
    if (id !== undefined) projectIds.add(id)
    else {
      const version = ref.version ? `version ${ref.version}` : 'without version'
      errors[`${at}.projects[${j}]`] = `No project ${ref.name} ${version} exists`
    }
  })
  return {
    doc,
    existing: refs.storedPolicies.get(doc.name),
    conditions,
    projectIds: [...projectIds],
    tags: [...new Set(doc.tags.map((tag) => normaliseTagName(tag) ?? ''))].sort(),
  }
}

/** Parses and checks a whole document; every problem is reported at once under its JSON path. */
export async function checkDocument(db: Queryable, input: unknown): Promise<CheckedDocument> {
  const parsed = PolicyDocument.safeParse(input)
  if (!parsed.success) throw refusal(zodErrors(parsed.error.issues))
  const document = parsed.data
  const errors: Errors = {}
  const groupNames = document.licenseGroups.map((g) => g.name)
  duplicates(groupNames, 'A license group', (i) => `licenseGroups[${i}].name`, errors)
  const policyNames = document.policies.map((p) => p.name)
  duplicates(policyNames, 'A policy', (i) => `policies[${i}].name`, errors)
  const refs = await loadReferences(db, document)
  const groups = document.licenseGroups.map((doc, g) => checkGroup(doc, g, refs, errors))
  const policies = document.policies.map((doc, p) => checkPolicy(doc, p, refs, errors))
  if (Object.keys(errors).length > 0) throw refusal(errors)
  return { groups, policies }
}
