import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { applyPolicyBatch } from '../../domain/policies/batch.ts'
import { exportPolicies, PolicyDocument } from '../../domain/policies/document.ts'
import { importPolicies } from '../../domain/policies/import.ts'
import { BatchBody } from '../../domain/policies/schemas.ts'
import { policyManagement, problemJson } from '../kit/index.ts'
import type { Api } from '../types.ts'

const tags = ['policy']
const config = { access: policyManagement }
const jsonBody = { ...config, consumes: 'json' as const }

const Names = z.array(z.string())
const ImportPart = z.object({ created: Names, updated: Names, unchanged: Names })
const ImportReport = ImportPart.extend({
  dryRun: z.boolean(),
  licenseGroups: ImportPart,
  policies: ImportPart,
}).meta({ description: 'Names by outcome: license groups first, then policies; each kind apart' })

/** Beyond 4.13: bulk policy editing and policy as code (docs/policies.md). */
export default function policyBulkRoutes(app: Api, ctx: AppContext) {
  const { db, enqueue } = ctx

  app.post(
    '/v1/policy/batch',
    {
      config: jsonBody,
      schema: {
        tags,
        summary: 'Apply the same changes to up to 100 policies, all or nothing',
        body: BatchBody,
        response: {
          200: z.object({ updated: z.number() }),
          400: problemJson(
            'An unknown policy, project or tag (title "Policy operation failed"; errors maps ' +
              'the uuid or tag name to the reason), or the body failed validation',
          ),
        },
      },
    },
    async (request) => applyPolicyBatch(db, enqueue, request.body),
  )

  app.get(
    '/v1/policy/export',
    {
      config,
      schema: {
        tags,
        summary: 'Every policy and license group as one document (policy as code)',
        response: { 200: PolicyDocument },
      },
    },
    async () => exportPolicies(db),
  )

  app.post(
    '/v1/policy/import',
    {
      config: jsonBody,
      schema: {
        tags,
        summary:
          'Import a policy document: checked first, then upserted by name in one transaction ' +
          '(dryRun=true only reports what would change)',
        querystring: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
        body: z.unknown(),
        response: {
          200: ImportReport,
          400: problemJson(
            'The document has problems (title "Invalid policy document"; errors maps each ' +
              'JSON path to what is wrong); nothing was imported',
          ),
        },
      },
    },
    async (request) => importPolicies(db, enqueue, request.body, request.query.dryRun === 'true'),
  )
}
