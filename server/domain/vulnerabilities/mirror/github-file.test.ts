import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { githubAdvisoriesInFile } from './github-file.ts'

// The shapes an uploaded GitHub Advisories dump may take (see githubAdvisoriesInFile).

let dir: string
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'github-file-'))
})
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

const advisory = (n: number) => ({ ghsaId: `GHSA-000${n}-000${n}-000${n}`, summary: `A${n}` })
const response = (...advisories: unknown[]) => ({
  data: {
    securityAdvisories: {
      totalCount: advisories.length,
      pageInfo: { hasNextPage: false, endCursor: null },
      nodes: advisories,
    },
  },
})

async function ids(name: string, content: string) {
  const file = path.join(dir, name)
  await fs.writeFile(file, content)
  const found: string[] = []
  for await (const item of githubAdvisoriesInFile(file))
    found.push((item as { ghsaId: string }).ghsaId)
  return found
}

describe('githubAdvisoriesInFile', () => {
  it('reads a pretty-printed GraphQL response', async () => {
    expect(
      await ids('page.json', JSON.stringify(response(advisory(1), advisory(2)), null, 2)),
    ).toEqual(['GHSA-0001-0001-0001', 'GHSA-0002-0002-0002'])
  })

  it('reads edges as well as nodes', async () => {
    const edges = { data: { securityAdvisories: { edges: [{ node: advisory(3) }] } } }
    expect(await ids('edges.json', JSON.stringify(edges))).toEqual(['GHSA-0003-0003-0003'])
  })

  it('reads an array of pages and an array of advisories', async () => {
    const pages = JSON.stringify([response(advisory(1)), response(advisory(2))], null, 1)
    expect(await ids('pages.json', pages)).toHaveLength(2)
    expect(await ids('list.json', JSON.stringify([advisory(4), advisory(5)], null, 2))).toEqual([
      'GHSA-0004-0004-0004',
      'GHSA-0005-0005-0005',
    ])
  })

  it('reads JSON Lines of pages and advisories', async () => {
    const lines = [JSON.stringify(response(advisory(1))), '', JSON.stringify(advisory(2))].join(
      '\n',
    )
    expect(await ids('dump.jsonl', `${lines}\n`)).toEqual([
      'GHSA-0001-0001-0001',
      'GHSA-0002-0002-0002',
    ])
  })

  it.each([
    ['empty.json', '', /is empty/],
    ['text.json', 'hello\nworld', /is not JSON/],
    [
      'osv.json',
      JSON.stringify({ id: 'PYSEC-2024-1', affected: [] }, null, 2),
      /is not a GitHub Advisories dump/,
    ],
    [
      'errors.json',
      JSON.stringify({ errors: [{ message: 'Bad credentials' }] }),
      /GraphQL error response/,
    ],
    ['broken.jsonl', `${JSON.stringify(advisory(1))}\n{"ghsaId": `, /line 2 is not JSON/],
  ])('refuses %s with a clear error', async (name, content, message) => {
    await expect(ids(name, content)).rejects.toThrow(message)
  })
})
