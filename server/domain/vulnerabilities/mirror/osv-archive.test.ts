import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { CorruptArchive, looksLikeZip, openArchive, sameArchive } from './osv-archive.ts'

let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-osv-archive-'))
})

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

async function writeZip(name: string, add: (zip: yazl.ZipFile) => void): Promise<string> {
  const file = path.join(dir, name)
  const zip = new yazl.ZipFile()
  add(zip)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk)
  await fs.writeFile(file, Buffer.concat(chunks))
  return file
}

async function readAll(file: string, from = 0) {
  const archive = await openArchive(file)
  try {
    const out: { index: number; name: string; text?: string }[] = []
    for await (const entry of archive.entries(from)) {
      out.push({ index: entry.index, name: entry.name, text: entry.data?.toString('utf8') })
    }
    return out
  } finally {
    archive.close()
  }
}

describe('reading an OSV archive', () => {
  it('yields every entry in order, with bytes only for .json files', async () => {
    const file = await writeZip('mixed.zip', (zip) => {
      zip.addBuffer(Buffer.from('{"id":"A"}'), 'A.json')
      zip.addEmptyDirectory('sub')
      zip.addBuffer(Buffer.from('read me'), 'README.txt')
      zip.addBuffer(Buffer.from('{"id":"B"}'), 'sub/B.JSON', { compress: false })
    })
    expect(await readAll(file)).toEqual([
      { index: 0, name: 'A.json', text: '{"id":"A"}' },
      { index: 1, name: 'sub/', text: undefined },
      { index: 2, name: 'README.txt', text: undefined },
      { index: 3, name: 'sub/B.JSON', text: '{"id":"B"}' },
    ])
    expect((await readAll(file, 3)).map((entry) => entry.index)).toEqual([3])
  })

  it('reads entries larger than its read window', async () => {
    const big = JSON.stringify({ id: 'BIG', details: 'x'.repeat(6 * 1024 * 1024) })
    const file = await writeZip('big.zip', (zip) => {
      zip.addBuffer(Buffer.from('{"id":"small"}'), 'small.json')
      zip.addBuffer(Buffer.from(big), 'big.json', { compress: false })
      zip.addBuffer(Buffer.from('{"id":"after"}'), 'after.json')
    })
    const entries = await readAll(file)
    expect(entries.map((entry) => entry.text?.length)).toEqual([14, big.length, 14])
  })

  it('reads thousands of entries of every size, each with its own bytes', async () => {
    // Sizes from empty to several inflate chunks; incompressible text so sizes stay as written.
    const texts = Array.from({ length: 3000 }, (_, i) => {
      const size = i % 100 === 0 ? 70_000 + i : (i * 37) % 5000
      let noise = ''
      for (let n = i; noise.length < size; n = (n * 1103515245 + 12345) % 2 ** 31) {
        noise += n.toString(36)
      }
      return JSON.stringify({ id: `E-${i}`, noise: noise.slice(0, size) })
    })
    const file = await writeZip('many.zip', (zip) => {
      texts.forEach((text, i) =>
        zip.addBuffer(Buffer.from(text), `advisories/E-${i}.json`, { compress: i % 7 !== 0 }),
      )
    })
    const entries = await readAll(file)
    expect(entries).toHaveLength(texts.length)
    expect(entries.map((entry) => entry.text)).toEqual(texts)
  })

  it('refuses what is not a zip archive', async () => {
    const file = path.join(dir, 'not.zip')
    await fs.writeFile(file, '{"id":"json, not zip"}')
    await expect(openArchive(file)).rejects.toBeInstanceOf(CorruptArchive)
    expect(await looksLikeZip(file)).toBe(false)
    expect(await looksLikeZip(await writeZip('empty.zip', () => undefined))).toBe(true)
  })
})

describe('archive identity', () => {
  it('compares ETags when both have one, else Last-Modified and size', () => {
    const a = { etag: '"1"', lastModified: 'Mon, 01 Jan 2024 00:00:00 GMT', size: 10 }
    expect(sameArchive(a, { ...a, size: 11 })).toBe(true)
    expect(sameArchive(a, { ...a, etag: '"2"' })).toBe(false)
    expect(sameArchive({ ...a, etag: null }, { ...a, etag: null })).toBe(true)
    expect(sameArchive({ ...a, etag: null }, { ...a, etag: null, size: 11 })).toBe(false)
    expect(sameArchive(a, undefined)).toBe(false)
  })
})
