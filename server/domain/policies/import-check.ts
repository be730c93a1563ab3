import type { z } from 'zod'
import {
  conditionValueProblem,
  type ConditionValueProblem,
} from '../../../common/policy-conditions.ts'
import type { Queryable } from '../../db/database.ts'
import { findPoliciesByNames, type PolicyRow } from '../../data/policies.ts'
import {
  licenseGroupsByNames,
  licensesByLicenseIds,
  type LicenseGroupRow,
} from '../../data/policy-licenses.ts'
import { projectsByNameVersion } from '../../data/policy-limits.ts'
import { problem } from '../../lib/errors.ts'
import { normaliseTagName } from '../projects/input.ts'
import { PolicyDocument, type DocumentLicenseGroup, type DocumentPolicy } from './document.ts'

/** A document checked against this server: every name it uses resolved to a row. */
export interface CheckedGroup {
  doc: DocumentLicenseGroup
  existing: LicenseGroupRow | undefined
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

/** Parses and checks a whole document; every problem is reported at once under its JSON path. */
export async function checkDocument(db: Queryable, input: unknown): Promise<CheckedDocument> {
  const parsed = PolicyDocument.safeParse(input)
  if (!parsed.success) throw refusal(zodErrors(parsed.error.issues))
  const document = parsed.data
  const errors: Errors = {}
  duplicates(
    document.licenseGroups.map((g) => g.name),
    'A license group',
    (i) => `licenseGroups[${i}].name`,
    errors,
  )
  duplicates(
    document.policies.map((p) => p.name),
    'A policy',
    (i) => `policies[${i}].name`,
    errors,
  )

  const conditionLicenseIds = document.policies.flatMap((p) =>
    p.conditions.filter((c) => c.subject === 'LICENSE').map((c) => c.value.trim()),
  )
  const licenses = new Map(
    (
      await licensesByLicenseIds(db, [
        ...new Set([...document.licenseGroups.flatMap((g) => g.licenses), ...conditionLicenseIds]),
      ])
    ).map((license) => [license.license_id, license]),
  )
  const documentGroups = new Set(document.licenseGroups.map((g) => g.name))
  const groupNames = [
    ...documentGroups,
    ...document.policies.flatMap((p) =>
      p.conditions.filter((c) => c.subject === 'LICENSE_GROUP').map((c) => c.value.trim()),
    ),
  ]
  const storedGroups = new Map(
    (await licenseGroupsByNames(db, [...new Set(groupNames)])).map((g) => [g.name, g]),
  )
  const storedPolicies = new Map(
    (
      await findPoliciesByNames(
        db,
        document.policies.map((p) => p.name),
      )
    ).map((p) => [p.name, p]),
  )
  const refs = document.policies.flatMap((p) =>
    p.projects.map((ref) => ({ name: ref.name, version: ref.version ?? null })),
  )
  const projectKey = (ref: { name: string; version: string | null }) =>
    JSON.stringify([ref.name, ref.version])
  const projects = new Map(
    (await projectsByNameVersion(db, refs)).map((row) => [projectKey(row), row.id]),
  )

  const groups = document.licenseGroups.map((doc, g): CheckedGroup => {
    const licenseIds = [...new Set(doc.licenses)].sort()
    const licenseRowIds: number[] = []
    doc.licenses.forEach((licenseId, l) => {
      const license = licenses.get(licenseId)
      if (license) licenseRowIds.push(license.id)
      else
        errors[`licenseGroups[${g}].licenses[${l}]`] = `No license with the id ${licenseId} exists`
    })
    return {
      doc,
      existing: storedGroups.get(doc.name),
      licenseRowIds: [...new Set(licenseRowIds)],
      licenseIds,
    }
  })

  const checkCondition = (
    condition: DocumentPolicy['conditions'][number],
    at: string,
  ): CheckedCondition => {
    const value = condition.value.trim()
    const checked: CheckedCondition = {
      subject: condition.subject,
      operator: condition.operator,
      value,
    }
    if (condition.subject === 'LICENSE' && value !== 'unresolved' && value !== '') {
      const license = licenses.get(value)
      if (!license) {
        errors[at] = `No license with the id ${value} exists`
        return checked
      }
      checked.value = license.uuid
    } else if (condition.subject === 'LICENSE_GROUP' && value !== '') {
      const stored = storedGroups.get(value)
      if (documentGroups.has(value) && !stored) {
        checked.newGroup = value
        checked.value = PENDING_UUID
      } else if (stored) checked.value = stored.uuid
      else {
        errors[at] = `No license group named ${value} exists here or in the document`
        return checked
      }
    }
    const reason = conditionValueProblem(condition.subject, condition.operator, checked.value)
    if (reason) errors[at] = PROBLEM_TEXT[reason]
    return checked
  }

  const policies = document.policies.map((doc, p): CheckedPolicy => {
    const conditions = doc.conditions.map((c, i) =>
      checkCondition(c, `policies[${p}].conditions[${i}].value`),
    )
    const projectIds: number[] = []
    doc.projects.forEach((ref, j) => {
      const id = projects.get(projectKey({ name: ref.name, version: ref.version ?? null }))
      if (id !== undefined) projectIds.push(id)
      else {
        const version = ref.version ? ` version ${ref.version}` : ' without version'
        errors[`policies[${p}].projects[${j}]`] = `No project ${ref.name}${version} exists`
      }
    })
    const tags = [...new Set(doc.tags.map((tag) => normaliseTagName(tag) ?? ''))].sort()
    return {
      doc,
      existing: storedPolicies.get(doc.name),
      conditions,
      projectIds: [...new Set(projectIds)],
      tags,
    }
  })

  if (Object.keys(errors).length > 0) throw refusal(errors)
  return { groups, policies }
}
