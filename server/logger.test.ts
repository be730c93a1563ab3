import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, redactUrl, serializeRequest } from './logger.ts'

const MODERN = 'odt_AbCdEfGh_0123456789abcdefghijABCDEFGHIJ'
const LEGACY = 'Zq8f3KxP0aLmN2bVc7RtY5uW1sE9dG4h'

describe('redactUrl', () => {
  it.each([
    [`/api/v1/team/key/${MODERN}`, '/api/v1/team/key/[redacted]'],
    [`/api/v1/team/key/${MODERN}/comment`, '/api/v1/team/key/[redacted]/comment'],
    [`/api/v1/team/key/${LEGACY}`, '/api/v1/team/key/[redacted]'],
    [`/api/v1/team/key/odt_${LEGACY}`, '/api/v1/team/key/[redacted]'],
    [`/api/v1/team/key/odt_AbCdE_${LEGACY.slice(5)}`, '/api/v1/team/key/[redacted]'],
    [`/api/v1/team/key/${encodeURIComponent(` ${MODERN}`)}`, '/api/v1/team/key/[redacted]'],
    [`/anything?apiKey=${MODERN}&x=1`, '/anything?apiKey=[redacted]&x=1'],
    [`/anything?${LEGACY}`, '/anything?[redacted]'],
  ])('redacts the key in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it.each([
    '/api/v1/team/key/AbCdEfGh',
    '/api/v1/project/6a4b2c1d-0e9f-4a8b-9c7d-1e2f3a4b5c6d',
    '/api/v1/component/hash/9e107d9d372bb6826bd81d3542a419d6',
    '/api/v1/component?searchText=left-pad&pageNumber=1',
    '/projects?tag=a%ZZ',
  ])('leaves %s alone', (url) => {
    expect(redactUrl(url)).toBe(url)
  })
})

describe('the request log serializer', () => {
  it('never passes the key through', () => {
    const serialized = serializeRequest({ method: 'GET', url: `/api/v1/team/key/${MODERN}` })
    expect(JSON.stringify(serialized)).not.toContain(MODERN)
  })

  it('is the logger’s serializer for req', () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    createLogger('info', sink).info({ req: { method: 'DELETE', url: `/x/${LEGACY}` } }, 'seen')
    expect(lines.join('')).toContain('/x/[redacted]')
    expect(lines.join('')).not.toContain(LEGACY)
  })
})
