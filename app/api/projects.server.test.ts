import { describe, expect, it } from 'vitest'
import { buildUpdateBody, type ProjectFull } from './projects.server.ts'

const current: ProjectFull = {
  uuid: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'shop',
  version: '1.0',
  publisher: 'Acme',
  authors: [{ name: 'Ada' }],
  manufacturer: { name: 'Acme Corp', urls: ['https://acme.example'] },
  supplier: { name: 'Parts Inc' },
  externalReferences: [{ type: 'vcs', url: 'https://git.example/shop' }],
  collectionTag: { name: 'old' },
  parent: { uuid: 'c0ffee00-0000-4000-8000-000000000002', name: 'platform' },
}

const edits = {
  name: 'shop',
  version: '2.0',
  isLatest: true,
  classifier: 'LIBRARY',
  collectionLogic: 'NONE',
  tags: ['eu', 'payments'],
  active: false,
}

describe('buildUpdateBody', () => {
  it('sends the edited fields and clears the ones left empty', () => {
    const body = buildUpdateBody(current, edits)
    expect(body).toMatchObject({
      uuid: current.uuid,
      name: 'shop',
      version: '2.0',
      classifier: 'LIBRARY',
      isLatest: true,
      active: false,
      tags: [{ name: 'eu' }, { name: 'payments' }],
      group: null,
      purl: null,
      description: null,
    })
  })

  it('keeps what the form does not show, so a full replacement loses nothing', () => {
    const body = buildUpdateBody(current, edits)
    expect(body.authors).toEqual([{ name: 'Ada' }])
    expect(body.publisher).toBe('Acme')
    expect(body.manufacturer).toEqual(current.manufacturer)
    expect(body.supplier).toEqual({ name: 'Parts Inc' })
    expect(body.externalReferences).toEqual(current.externalReferences)
  })

  it('detaches from the parent when none is chosen, and sets the chosen one', () => {
    expect(buildUpdateBody(current, edits).parent).toBeNull()
    expect(buildUpdateBody(current, { ...edits, parentUuid: 'p-1' }).parent).toEqual({
      uuid: 'p-1',
    })
  })

  it('sends the collection tag only for the "with tag" logic', () => {
    expect(buildUpdateBody(current, { ...edits, collectionTag: 'team-a' }).collectionTag).toBeNull()
    expect(
      buildUpdateBody(current, {
        ...edits,
        collectionLogic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
        collectionTag: 'team-a',
      }).collectionTag,
    ).toEqual({ name: 'team-a' })
  })
})
