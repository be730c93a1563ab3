import { describe, expect, it } from 'vitest'
import { parseCpe } from './cpe.ts'

describe('parseCpe', () => {
  it('reads a CPE 2.3 formatted string into both bindings and its attributes', () => {
    expect(parseCpe('cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*')).toEqual({
      cpe23: 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
      cpe22: 'cpe:/a:apache:log4j:2.14.1',
      part: 'a',
      vendor: 'apache',
      product: 'log4j',
      version: '2.14.1',
      update: '*',
      edition: '*',
      language: '*',
      swEdition: '*',
      targetSw: '*',
      targetHw: '*',
      other: '*',
    })
  })

  it('keeps escaped colons inside a value and packs extended attributes into the URI edition', () => {
    const cpe = parseCpe('cpe:2.3:a:acme:web\\:app:1.0:-:*:en:pro:node.js:x64:*')!
    expect(cpe).toMatchObject({ product: 'web\\:app', update: '-', targetSw: 'node.js' })
    expect(cpe.cpe22).toBe('cpe:/a:acme:web%3aapp:1.0:-:~~pro~node.js~x64~:en')
  })

  it('reads a CPE 2.2 URI, unpacking its edition', () => {
    expect(parseCpe('cpe:/o:microsoft:windows_10:1607')).toMatchObject({
      cpe23: 'cpe:2.3:o:microsoft:windows_10:1607:*:*:*:*:*:*:*',
      part: 'o',
      version: '1607',
    })
    expect(parseCpe('cpe:/a:acme:app:1.0::~~pro~~x64~')).toMatchObject({
      swEdition: 'pro',
      targetHw: 'x64',
      edition: '*',
    })
  })

  it('answers undefined for what is not a CPE', () => {
    for (const text of ['', 'not a cpe', 'cpe:2.3:a:acme', 'pkg:npm/left-pad@1.0.0']) {
      expect(parseCpe(text), text).toBeUndefined()
    }
  })
})
