import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLICY_EVALUATION_JOB } from '../../server/domain/policies/model.ts'
import { createProject, ingest, startBomServer, type BomServer } from '../fixtures/boms/support.ts'

// Contract: dt-behaviour.md §1.7 (resolution on ingest, against the catalogue with custom
// licenses), dt-api-portfolio.md §3.2 (resolvedLicense), §4.3 (create/update rule), §4.16;
// beyond 4.13: DT#5143 (WITH expressions), DT#4070 (several licenses), decision 015.

let server: BomServer
let admin: string

beforeAll(async () => {
  server = await startBomServer()
  admin = server.adminJwt
}, 60_000)
afterAll(async () => {
  await server?.close()
})

type Json = Record<string, any>

const request = (method: string, path: string, json?: unknown) =>
  server.api.request(method, path, { token: admin, json })

const bom = (components: Json[]) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components })
const library = (name: string, licenses: Json[]) => ({
  type: 'library',
  'bom-ref': name,
  name,
  version: '1.0.0',
  licenses,
})
const withId = (id: string, url?: string) => ({ license: { id, ...(url ? { url } : {}) } })
const withName = (name: string) => ({ license: { name } })

async function componentsOf(projectUuid: string): Promise<Map<string, Json>> {
  const response = await request('GET', `/v1/component/project/${projectUuid}?limit=500&offset=0`)
  expect(response.status).toBe(200)
  return new Map(response.json.map((component: Json) => [component.name, component]))
}

async function concise(licenseId: string) {
  const all = (await request('GET', '/v1/license/concise')).json as Json[]
  return all.find((license) => license.licenseId === licenseId)
}

/** Polls until the component's JSON satisfies the check (the re-resolution is a job). */
async function eventually(projectUuid: string, name: string, check: (c: Json) => boolean) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const component = (await componentsOf(projectUuid)).get(name)!
    if (check(component)) return component
    if (Date.now() > deadline) throw new Error(`not yet: ${JSON.stringify(component)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const WITH = 'GPL-2.0-only WITH Classpath-exception-2.0'
let project: string

describe('resolution on ingest (§1.7)', () => {
  beforeAll(async () => {
    project = await createProject(server, 'license-resolution', '1')
    await ingest(
      server,
      { project },
      bom([
        library('by-id', [withId('MIT', 'https://mit.example/license')]),
        library('by-name', [withName('Apache License 2.0')]),
        library('custom-by-name', [withName('Acme Internal License')]),
        library('expression-id', [{ expression: 'BSD-3-Clause' }]),
        library('expression-or', [{ expression: 'MIT OR Apache-2.0' }]),
        library('expression-with', [{ expression: WITH }]),
        library('name-with', [withName(WITH)]),
        library('several', [withId('MIT'), withId('Apache-2.0'), withName('MIT License')]),
        library('several-unwritable', [withName('Proprietary'), withId('MIT')]),
        library('free-text', [withName('Proprietary')]),
        library('none', []),
      ]),
    )
  }, 60_000)

  it('resolves a license id and keeps its URL; resolvedLicense is the concise license', async () => {
    const component = (await componentsOf(project)).get('by-id')!
    expect(component.resolvedLicense).toEqual(await concise('MIT'))
    expect(component.licenseUrl).toBe('https://mit.example/license')
    expect(component).not.toHaveProperty('license')
    const one = await request('GET', `/v1/component/${component.uuid}`)
    expect(one.json.resolvedLicense.licenseId).toBe('MIT')
  })

  it('resolves a license name', async () => {
    expect((await componentsOf(project)).get('by-name')!.resolvedLicense.licenseId).toBe(
      'Apache-2.0',
    )
  })

  it('resolves an expression that is a single id, keeping the expression', async () => {
    const component = (await componentsOf(project)).get('expression-id')!
    expect(component.resolvedLicense.licenseId).toBe('BSD-3-Clause')
    expect(component.licenseExpression).toBe('BSD-3-Clause')
  })

  it('keeps compound and WITH expressions as expressions, also when given as a name', async () => {
    const components = await componentsOf(project)
    expect(components.get('expression-or')).toMatchObject({
      licenseExpression: 'MIT OR Apache-2.0',
    })
    for (const name of ['expression-with', 'name-with']) {
      const component = components.get(name)!
      expect(component.licenseExpression).toBe(WITH)
      expect(component).not.toHaveProperty('resolvedLicense')
      expect(component).not.toHaveProperty('license')
    }
  })

  it('combines several listed licenses into one expression (DT#4070)', async () => {
    const components = await componentsOf(project)
    expect(components.get('several')).toMatchObject({ licenseExpression: 'MIT AND Apache-2.0' })
    expect(components.get('several')).not.toHaveProperty('resolvedLicense')
    // A license that cannot be written as SPDX leaves 4.13's first hit.
    expect(components.get('several-unwritable')!.resolvedLicense.licenseId).toBe('MIT')
  })

  it('keeps unknown names as free text, and nothing for a component without licenses', async () => {
    const components = await componentsOf(project)
    expect(components.get('free-text')).toMatchObject({ license: 'Proprietary' })
    expect(components.get('free-text')).not.toHaveProperty('resolvedLicense')
    expect(components.get('custom-by-name')).toMatchObject({ license: 'Acme Internal License' })
    const none = components.get('none')!
    for (const key of ['license', 'licenseExpression', 'licenseUrl', 'resolvedLicense']) {
      expect(none).not.toHaveProperty(key)
    }
  })

  it('exports resolved ids, free text and expressions in the CycloneDX BOM', async () => {
    const response = await request('GET', `/v1/bom/cyclonedx/project/${project}?format=json`)
    expect(response.status).toBe(200)
    const exported = new Map<string, Json>(
      response.json.components.map((component: Json) => [component.name, component]),
    )
    expect(exported.get('by-id')!.licenses).toEqual([
      { license: { id: 'MIT', url: 'https://mit.example/license' } },
    ])
    expect(exported.get('free-text')!.licenses).toEqual([{ license: { name: 'Proprietary' } }])
    expect(exported.get('several')!.licenses).toEqual([{ expression: 'MIT AND Apache-2.0' }])
  })
})

describe('custom licenses change resolution', () => {
  it('resolves existing components to a new custom license, and again when it is deleted', async () => {
    const created = await request('PUT', '/v1/license', {
      name: 'Acme Internal License',
      licenseId: 'Acme-Internal',
    })
    expect(created.status).toBe(201)
    const resolved = await eventually(
      project,
      'custom-by-name',
      (component) => component.resolvedLicense?.licenseId === 'Acme-Internal',
    )
    expect(resolved.resolvedLicense).toMatchObject({ isCustomLicense: true })
    expect(resolved).not.toHaveProperty('license')

    // The project's changed components are evaluated against the policies again.
    const jobs = await server.db.query<{ payload: Json }>(
      'SELECT payload FROM job WHERE kind = $1',
      [POLICY_EVALUATION_JOB],
    )
    expect(jobs.map((job) => job.payload)).toContainEqual({
      projectId: expect.any(Number),
      componentIds: [expect.any(Number)],
      reason: 'COMPONENT',
    })

    // A BOM uploaded now resolves to it at once.
    const later = await createProject(server, 'license-resolution-later', '1')
    await ingest(
      server,
      { project: later },
      bom([library('late', [withName('Acme Internal License')])]),
    )
    expect((await componentsOf(later)).get('late')!.resolvedLicense.licenseId).toBe('Acme-Internal')

    expect((await request('DELETE', '/v1/license/Acme-Internal')).status).toBe(204)
    const unresolved = await eventually(
      project,
      'custom-by-name',
      (component) => component.license === 'Acme Internal License',
    )
    expect(unresolved).not.toHaveProperty('resolvedLicense')
    const lateAgain = await eventually(later, 'late', (component) => Boolean(component.license))
    expect(lateAgain.license).toBe('Acme Internal License')
    expect(lateAgain).not.toHaveProperty('resolvedLicense')
  }, 60_000)
})

describe('components written through the API (§4.3)', () => {
  const write = async (method: 'PUT' | 'POST', body: Json) => {
    const path = method === 'PUT' ? `/v1/component/project/${project}` : '/v1/component'
    const response = await request(method, path, { classifier: 'LIBRARY', ...body })
    expect(response.status, response.text).toBe(method === 'PUT' ? 201 : 200)
    return response.json as Json
  }

  it('resolves a known license and keeps its URL; clears the expression', async () => {
    const component = await write('PUT', {
      name: 'api-mit',
      license: 'MIT',
      licenseUrl: 'https://mit.example/',
      licenseExpression: 'MIT OR Apache-2.0',
    })
    expect(component.resolvedLicense).toEqual(await concise('MIT'))
    expect(component.licenseUrl).toBe('https://mit.example/')
    expect(component).not.toHaveProperty('license')
    expect(component).not.toHaveProperty('licenseExpression')
  })

  it('keeps an unknown license as free text, and an expression when no license is given', async () => {
    const free = await write('PUT', { name: 'api-free', license: 'Acme Terms' })
    expect(free).toMatchObject({ license: 'Acme Terms' })
    expect(free).not.toHaveProperty('resolvedLicense')
    const expression = await write('POST', {
      uuid: free.uuid,
      name: 'api-free',
      licenseExpression: 'MIT OR Apache-2.0',
      licenseUrl: 'https://dropped.example/',
    })
    expect(expression).toMatchObject({ licenseExpression: 'MIT OR Apache-2.0' })
    for (const key of ['license', 'licenseUrl', 'resolvedLicense']) {
      expect(expression).not.toHaveProperty(key)
    }
    const cleared = await write('POST', { uuid: free.uuid, name: 'api-free' })
    for (const key of ['license', 'licenseExpression', 'licenseUrl', 'resolvedLicense']) {
      expect(cleared).not.toHaveProperty(key)
    }
  })
})
