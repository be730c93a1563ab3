import { describe, expect, it } from 'vitest'
import { tagErrors } from '~/api/tags.server.ts'
import { backToTags, parseTagAction, TagListParamsSchema } from './__tags.server.ts'

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

describe('tag list URL', () => {
  it('keeps a tag name with any characters exactly as given', () => {
    const params = TagListParamsSchema.parse(
      Object.fromEntries(new URLSearchParams('tagged=projects&tag=a%2Fb%3Fc%23d+%26+%25')),
    )
    expect(params.tag).toBe('a/b?c#d & %')
    expect(params.tagged).toBe('projects')
  })

  it('falls back to safe defaults for unknown values', () => {
    const params = TagListParamsSchema.parse({
      page: '-3',
      pageSize: '7',
      sortName: 'id; drop',
      tagged: 'users',
      taggedSortName: 'uuid',
    })
    expect(params).toMatchObject({ page: 1, pageSize: 10, taggedPage: 1 })
    expect(params.sortName).toBeUndefined()
    expect(params.tagged).toBeUndefined()
    expect(params.taggedSortName).toBeUndefined()
  })
})

describe('tag actions', () => {
  it('reads every ticked tag name for a delete', () => {
    const parsed = parseTagAction(
      form([
        ['intent', 'delete'],
        ['name', 'prod'],
        ['name', 'a/b c'],
      ]),
    )
    expect(parsed.data).toEqual({ intent: 'delete', names: ['prod', 'a/b c'] })
  })

  it('accepts an empty selection, so the page can warn about it', () => {
    expect(parseTagAction(form([['intent', 'delete']])).data).toEqual({
      intent: 'delete',
      names: [],
    })
  })

  it('reads an unassign with its kind, tag and project UUIDs, and refuses non-UUIDs', () => {
    const uuid = '6f1c2a7e-0f5e-4a8e-9c1e-2b7a5d1e3f40'
    expect(
      parseTagAction(
        form([
          ['intent', 'unassign'],
          ['kind', 'projects'],
          ['tag', 'prod'],
          ['uuid', uuid],
        ]),
      ).data,
    ).toEqual({ intent: 'unassign', kind: 'projects', tag: 'prod', uuids: [uuid] })
    expect(
      parseTagAction(
        form([
          ['intent', 'unassign'],
          ['kind', 'projects'],
          ['tag', 'prod'],
          ['uuid', '../../admin'],
        ]),
      ).success,
    ).toBe(false)
    expect(parseTagAction(form([['intent', 'drop-table']])).success).toBe(false)
  })

  it('always goes back to the same /tags view', () => {
    expect(backToTags('http://x/tags?tagged=projects&tag=a%2Fb&index&_data=routes')).toBe(
      '/tags?tagged=projects&tag=a%2Fb',
    )
    expect(backToTags('http://x/tags')).toBe('/tags')
  })
})

describe('per-tag refusals', () => {
  it('lists the reasons of a "Tag operation failed" problem, sorted by tag', () => {
    expect(
      tagErrors({
        status: 400,
        statusText: 'Bad Request',
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 400,
          title: 'Tag operation failed',
          errors: { zeta: 'Tag does not exist', alpha: 'The tag is assigned to 2 project(s)…' },
        }),
      }),
    ).toEqual([
      { tag: 'alpha', message: 'The tag is assigned to 2 project(s)…' },
      { tag: 'zeta', message: 'Tag does not exist' },
    ])
  })

  it('finds none in other answers', () => {
    const base = { status: 400, statusText: 'Bad Request' }
    expect(tagErrors({ ...base, contentType: 'text/plain', body: 'nope' })).toEqual([])
    expect(
      tagErrors({ ...base, contentType: 'application/problem+json', body: '{"title":"x"}' }),
    ).toEqual([])
    expect(tagErrors({ ...base, contentType: 'application/problem+json', body: '{' })).toEqual([])
  })
})
