import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '~/api/client.server.ts'
import { saveConditions, type ActionScope } from './__policy-actions.server.ts'

const POLICY_UUID = 'c0ffee00-0000-4000-8000-0000000000f0'
const STORED = 'c0ffee00-0000-4000-8000-000000000001'
const MIT = 'a1b2c3d4-0000-4000-8000-000000000001'

const storedPolicy = {
  uuid: POLICY_UUID,
  name: 'No copyleft',
  operator: 'ANY',
  violationState: 'FAIL',
  policyConditions: [{ uuid: STORED, subject: 'SEVERITY', operator: 'IS', value: 'HIGH' }],
  projects: [],
  tags: [],
  includeChildren: false,
  onlyLatestProjectVersion: false,
  global: true,
}
const licenses = [
  {
    uuid: MIT,
    licenseId: 'MIT',
    name: 'MIT License',
    isOsiApproved: true,
    isFsfLibre: true,
    isDeprecatedLicenseId: false,
    isCustomLicense: false,
  },
]

/** The API as the editor's action meets it; `put` answers PUT /policy/{uuid}/conditions. */
function scopeWith(put: () => Response) {
  const puts: unknown[] = []
  const context = {
    sessionSecret: 'a-test-secret-that-is-long-enough-1234',
    secureCookies: false,
    apiFetch: async (path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)))
        return put()
      }
      if (path === '/api/v1/license/concise') return Response.json(licenses)
      if (path === `/api/v1/policy/${POLICY_UUID}`) return Response.json(storedPolicy)
      return new Response('', { status: 404 })
    },
  } as AppLoadContext
  const scope: ActionScope = {
    api: createApiClient(context, 'jwt'),
    context,
    request: new Request(`http://console.test/policy/${POLICY_UUID}?projectSearch=app`),
    t: (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key),
    uuid: POLICY_UUID,
  }
  return { scope, puts }
}

function form(rows: Array<Record<string, string>>) {
  const data = new FormData()
  rows.forEach((row, index) => {
    for (const [field, value] of Object.entries(row))
      data.append(`conditions[${index}].${field}`, value)
  })
  return data
}

const KEEP = {
  uuid: STORED,
  drawnFor: 'SEVERITY',
  subject: 'SEVERITY',
  operator: 'IS',
  value: 'HIGH',
}
const ADD = { drawnFor: 'LICENSE', subject: 'LICENSE', operator: 'IS_NOT', value: 'MIT' }

describe('saving the conditions', () => {
  it('sends every kept row in one PUT and comes back to the page as it was', async () => {
    const { scope, puts } = scopeWith(() => Response.json(storedPolicy))
    const response = await saveConditions(
      scope,
      form([KEEP, ADD, { subject: '' }]),
      'saveConditions',
    )
    expect(puts).toEqual([
      [
        { uuid: STORED, subject: 'SEVERITY', operator: 'IS', value: 'HIGH' },
        { subject: 'LICENSE', operator: 'IS_NOT', value: MIT },
      ],
    ])
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/policy/${POLICY_UUID}?projectSearch=app`)
  })

  it('sends nothing when the rows are what is stored', async () => {
    const { scope, puts } = scopeWith(() => Response.json(storedPolicy))
    const response = await saveConditions(scope, form([KEEP, { subject: '' }]), 'saveConditions')
    expect(puts).toEqual([])
    expect(response.status).toBe(302)
  })

  it('shows the API refusal of a row on the form row it came from', async () => {
    const { scope } = scopeWith(() =>
      Response.json(
        { status: 400, title: 'Invalid policy conditions', errors: { '1': 'license' } },
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    )
    const response = await saveConditions(
      scope,
      form([KEEP, { subject: '' }, ADD]),
      'saveConditions',
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { editor: { errors: Record<string, string[]> } }
    expect(body.editor.errors).toEqual({
      'conditions[2].value': ['policyCondition.problems.license'],
    })
  })

  it('keeps the draft when a condition was deleted meanwhile, and leaves when the policy was', async () => {
    const conditionGone = scopeWith(
      () => new Response('The UUID of the policy condition could not be found.', { status: 404 }),
    )
    const kept = await saveConditions(conditionGone.scope, form([KEEP, ADD]), 'saveConditions')
    expect(kept.status).toBe(409)
    const body = (await kept.json()) as { editor: { errors: Record<string, string[]> } }
    expect(body.editor.errors).toEqual({ '': ['policyCondition.rowProblems.conditionGone'] })

    const policyGone = scopeWith(
      () => new Response('The UUID of the policy could not be found.', { status: 404 }),
    )
    const left = await saveConditions(policyGone.scope, form([KEEP, ADD]), 'saveConditions')
    expect(left.headers.get('Location')).toBe('/policy')
  })

  it('answers "More rows" without asking the API anything', async () => {
    const { scope, puts } = scopeWith(() => Response.json(storedPolicy))
    const response = await saveConditions(scope, form([KEEP]), 'addRows')
    const body = (await response.json()) as { editor: { rows: unknown[] } }
    expect(body.editor.rows).toHaveLength(4)
    expect(puts).toEqual([])
  })
})
