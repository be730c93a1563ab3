import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { Service } from '~/api/services.server.ts'
import {
  mergeServiceEdits,
  ServiceFormSchema,
  ServiceListParamsSchema,
} from './__services.server.ts'

const stored: Service = {
  uuid: '0b6b8a35-5f5b-4c3e-9a36-2b7a2d9c1f00',
  name: 'billing-api',
  group: 'acme',
  version: '2.1',
  description: 'Charges cards',
  provider: { name: 'Acme', urls: ['https://acme.example'], contacts: [{ name: 'Ops' }] },
  endpoints: ['https://billing.acme.example/v2'],
  authenticated: true,
  crossesTrustBoundary: false,
  data: [{ name: 'PII', direction: 'INBOUND' }],
  externalReferences: [{ type: 'documentation', url: 'https://docs.acme.example' }],
  lastInheritedRiskScore: 0,
  project: { uuid: '9e1b8a35-5f5b-4c3e-9a36-2b7a2d9c1f00', name: 'shop' },
}

function submit(fields: Record<string, string>) {
  const formData = new FormData()
  for (const [key, value] of Object.entries(fields)) formData.set(key, value)
  return parseWithZod(formData, { schema: ServiceFormSchema })
}

describe('service details form', () => {
  it('keeps provider, endpoints, data and references when the identity is edited', () => {
    const submission = submit({ name: ' billing ', version: '3.0', authenticated: 'on' })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    const merged = mergeServiceEdits(stored, submission.value)
    expect(merged).toMatchObject({
      uuid: stored.uuid,
      name: 'billing',
      version: '3.0',
      group: undefined,
      description: undefined,
      authenticated: true,
      crossesTrustBoundary: false,
      provider: stored.provider,
      endpoints: stored.endpoints,
      data: stored.data,
      externalReferences: stored.externalReferences,
    })
  })

  it('sends an empty endpoint list rather than none, which the API refuses', () => {
    const submission = submit({ name: 'x' })
    if (submission.status !== 'success') throw new Error('expected success')
    const { endpoints: _ignored, ...withoutEndpoints } = stored
    expect(mergeServiceEdits(withoutEndpoints, submission.value).endpoints).toEqual([])
  })

  it('refuses a blank name and an over-long description with translatable messages', () => {
    const submission = submit({ name: '   ', description: 'x'.repeat(1025) })
    if (submission.status !== 'error') throw new Error('expected an error')
    expect(submission.error).toMatchObject({
      name: ['validation.required'],
      description: ['services.form.tooLong'],
    })
  })
})

describe('services tab URL', () => {
  it('reads search, paging and sorting, falling back on nonsense', () => {
    expect(
      ServiceListParamsSchema.parse({
        searchText: '  api ',
        page: '3',
        pageSize: '25',
        sortName: 'lastInheritedRiskScore',
        sortOrder: 'desc',
      }),
    ).toEqual({
      searchText: 'api',
      page: 3,
      pageSize: 25,
      sortName: 'lastInheritedRiskScore',
      sortOrder: 'desc',
    })
    expect(
      ServiceListParamsSchema.parse({ page: '-1', pageSize: '7', sortName: 'drop table' }),
    ).toEqual({ searchText: undefined, page: 1, pageSize: 10, sortName: undefined })
  })
})
