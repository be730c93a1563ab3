import { z } from 'zod'
import { POLICY_OPERATORS, POLICY_VIOLATION_STATES } from '../../../common/dt-vocabulary.ts'
import type { Queryable } from '../../db/database.ts'
import { allPolicies } from '../../data/policies.ts'
import {
  allLicenseGroupDocuments,
  licenseGroupDocumentsByUuids,
} from '../../data/license-groups.ts'
import { licenseRefsByUuids } from '../../data/licenses.ts'
import { NAME_MAX, sizeMessage } from '../column-sizes.ts'
import { ConditionOperator, ConditionSubject, PolicyName } from './schemas.ts'
import { policyViews } from './view.ts'

/**
 * Policy as code (beyond 4.13, DT#3101): every policy and license group as one JSON document
 * that moves between servers. Values that hold uuids in the database are written as what they
 * name: a LICENSE condition as the licenseId (or `unresolved`), a LICENSE_GROUP condition as the
 * group's name; projects as name and version.
 */

export const POLICY_DOCUMENT_FORMAT = 'lookout-policies'
export const POLICY_DOCUMENT_VERSION = 1
export const MAX_DOCUMENT_CONDITIONS = 100
// 4.13 keeps a risk weight in a Java int.
const RISK_WEIGHT_MAX = 2_147_483_647

const TagName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(NAME_MAX, sizeMessage(1, NAME_MAX))

export const DocumentCondition = z.object({
  subject: ConditionSubject,
  operator: ConditionOperator,
  value: z.string(),
})

export const DocumentPolicy = z.object({
  name: PolicyName,
  operator: z.enum(POLICY_OPERATORS).default('ANY'),
  violationState: z.enum(POLICY_VIOLATION_STATES).default('INFO'),
  includeChildren: z.boolean().default(false),
  onlyLatestProjectVersion: z.boolean().default(false),
  conditions: z
    .array(DocumentCondition)
    .max(MAX_DOCUMENT_CONDITIONS, sizeMessage(0, MAX_DOCUMENT_CONDITIONS))
    .default([]),
  projects: z
    .array(
      z.object({ name: z.string().min(1, 'must not be blank'), version: z.string().nullish() }),
    )
    .default([]),
  tags: z.array(TagName).default([]),
})
export type DocumentPolicy = z.infer<typeof DocumentPolicy>

export const DocumentLicenseGroup = z.object({
  name: PolicyName,
  riskWeight: z
    .number()
    .int()
    .min(-RISK_WEIGHT_MAX - 1)
    .max(RISK_WEIGHT_MAX)
    .default(0),
  licenses: z.array(z.string()).default([]),
})
export type DocumentLicenseGroup = z.infer<typeof DocumentLicenseGroup>

export const PolicyDocument = z.object({
  format: z.literal(POLICY_DOCUMENT_FORMAT),
  version: z.literal(POLICY_DOCUMENT_VERSION),
  licenseGroups: z.array(DocumentLicenseGroup).default([]),
  policies: z.array(DocumentPolicy).default([]),
})
export type PolicyDocument = z.infer<typeof PolicyDocument>

/** GET /policy/export: groups and policies by name; conditions in their order. */
export async function exportPolicies(db: Queryable): Promise<PolicyDocument> {
  const groups = await allLicenseGroupDocuments(db)
  const policies = await policyViews(db, await allPolicies(db))
  const values = (subject: string) =>
    policies.flatMap((p) => p.conditions.filter((c) => c.subject === subject).map((c) => c.value))
  const uuids = (subject: string) =>
    values(subject).filter((value) => /^[0-9a-f-]{36}$/i.test(value))
  const licenseIds = new Map(
    (await licenseRefsByUuids(db, uuids('LICENSE'))).map((l) => [l.uuid, l.license_id]),
  )
  const groupNames = new Map(
    (await licenseGroupDocumentsByUuids(db, uuids('LICENSE_GROUP'))).map((g) => [g.uuid, g.name]),
  )
  const named = (subject: string, value: string) =>
    (subject === 'LICENSE'
      ? licenseIds
      : subject === 'LICENSE_GROUP'
        ? groupNames
        : undefined
    )?.get(value.toLowerCase()) ?? value
  return {
    format: POLICY_DOCUMENT_FORMAT,
    version: POLICY_DOCUMENT_VERSION,
    licenseGroups: groups.map((group) => ({
      name: group.name,
      riskWeight: group.risk_weight,
      licenses: group.licenses,
    })),
    policies: policies.map(({ row, conditions, projects, tags }) => ({
      name: row.name,
      operator: row.operator as DocumentPolicy['operator'],
      violationState: row.violation_state as DocumentPolicy['violationState'],
      includeChildren: row.include_children,
      onlyLatestProjectVersion: row.only_latest_project_version,
      conditions: conditions.map((c) => ({
        subject: c.subject as DocumentPolicy['conditions'][number]['subject'],
        operator: c.operator as DocumentPolicy['conditions'][number]['operator'],
        value: named(c.subject, c.value),
      })),
      projects: projects.map((p) => ({
        name: p.name,
        ...(p.version === null ? {} : { version: p.version }),
      })),
      tags,
    })),
  }
}
