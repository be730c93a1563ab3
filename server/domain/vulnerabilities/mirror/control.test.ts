import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { HttpError } from '../../../lib/errors.ts'
import { parseMirrorSource, sourceOfProperty } from './status.ts'
import { removeUploadedFile, safeUploadName, storeMirrorUpload } from './uploads.ts'

describe('which source a vuln-source setting belongs to', () => {
  it.each([
    ['nvd.api.key', 'NVD'],
    ['nvd.feeds.url', 'NVD'],
    ['github.advisories.access.token', 'GITHUB'],
    ['google.osv.enabled', 'OSV'],
    ['epss.feeds.url', 'EPSS'],
    ['kev.enabled', 'KEV'],
  ])('%s → %s', (property, source) => {
    expect(sourceOfProperty('vuln-source', property)).toBe(source)
  })

  it('ignores the markers mirrors write themselves and other groups', () => {
    expect(sourceOfProperty('vuln-source', 'nvd.api.last.modified.epoch.seconds')).toBeUndefined()
    expect(
      sourceOfProperty('vuln-source', 'github.advisories.last.modified.epoch.seconds'),
    ).toBeUndefined()
    expect(sourceOfProperty('task-scheduler', 'nist.mirror.cadence')).toBeUndefined()
    expect(sourceOfProperty('scanner', 'nvd.enabled')).toBeUndefined()
  })
})

describe('source names in URLs', () => {
  it('accepts the five sources in any case and answers 404 naming them otherwise', () => {
    expect(parseMirrorSource('osv')).toBe('OSV')
    expect(parseMirrorSource('KEV')).toBe('KEV')
    const error = (() => {
      try {
        parseMirrorSource('VulnDB')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).status).toBe(404)
    expect((error as HttpError).body).toBe(
      'The vulnerability source VulnDB could not be found. Sources: NVD, GITHUB, OSV, EPSS, KEV.',
    )
  })
})

describe('stored uploads', () => {
  let dataDir: string | undefined
  afterEach(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
  })

  it('keeps a safe file name with its extension', () => {
    expect(safeUploadName('nvdcve-2.0-2024.json.gz')).toBe('nvdcve-2.0-2024.json.gz')
    expect(safeUploadName('../../etc/passwd')).toBe('passwd')
    expect(safeUploadName('C:\\temp\\Go all.zip')).toBe('Go_all.zip')
    expect(safeUploadName('..')).toBe('upload')
    expect(safeUploadName(undefined)).toBe('upload')
  })

  it('streams a file under the data folder and removes only uploads', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-upload-'))
    const stored = await storeMirrorUpload(dataDir, 'kev.json', Readable.from(['{}']), 1024)
    expect(stored).toMatch(/^mirror\/uploads\/[0-9a-f-]{36}-kev\.json$/)
    const file = path.join(dataDir, stored)
    expect(await fs.readFile(file, 'utf8')).toBe('{}')

    const elsewhere = path.join(dataDir, 'fixture.json')
    await fs.writeFile(elsewhere, '{}')
    await removeUploadedFile(dataDir, elsewhere)
    await removeUploadedFile(dataDir, file)
    expect(await fs.readdir(path.join(dataDir, 'mirror', 'uploads'))).toEqual([])
    expect(await fs.readFile(elsewhere, 'utf8')).toBe('{}')
  })

  it('leaves nothing behind for a file cut at the limit (413) or an empty one (400)', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-upload-'))
    const truncated = Object.assign(Readable.from(['0123']), { truncated: true })
    await expect(storeMirrorUpload(dataDir, 'big.zip', truncated, 4)).rejects.toMatchObject({
      status: 413,
    })
    await expect(
      storeMirrorUpload(dataDir, 'empty.zip', Readable.from([]), 4),
    ).rejects.toMatchObject({ status: 400, body: 'The uploaded file is empty.' })
    expect(await fs.readdir(path.join(dataDir, 'mirror', 'uploads'))).toEqual([])
  })
})
