import { describe, expect, it } from 'vitest'
import { parseCpe23 } from './cpe.ts'

describe('parseCpe23', () => {
  it('reads the eleven attributes of a CPE 2.3 formatted string', () => {
    expect(parseCpe23('cpe:2.3:a:gitlab:gitlab:15.1.0:*:*:*:community:*:*:*')).toEqual({
      part: 'a',
      vendor: 'gitlab',
      product: 'gitlab',
      version: '15.1.0',
      update: '*',
      edition: '*',
      language: '*',
      swEdition: 'community',
      targetSw: '*',
      targetHw: '*',
      other: '*',
      cpe22: 'cpe:/a:gitlab:gitlab:15.1.0::~~community~~~',
    })
  })

  it('keeps ANY as * and NA as -', () => {
    const cpe = parseCpe23('cpe:2.3:o:linux:linux_kernel:-:*:*:*:*:*:*:*')!
    expect(cpe.version).toBe('-')
    expect(cpe.update).toBe('*')
    expect(cpe.cpe22).toBe('cpe:/o:linux:linux_kernel:-')
  })

  it('unquotes escaped characters and percent-encodes them in the 2.2 URI', () => {
    const cpe = parseCpe23('cpe:2.3:a:microsoft:visual_c\\+\\+:2005:sp1:*:*:*:*:*:*')!
    expect(cpe.product).toBe('visual_c++')
    expect(cpe.cpe22).toBe('cpe:/a:microsoft:visual_c%2b%2b:2005:sp1')
  })

  it('does not split on a quoted colon', () => {
    const cpe = parseCpe23('cpe:2.3:a:vendor:name\\:with\\:colons:1.0:*:*:*:*:*:*:*')!
    expect(cpe.product).toBe('name:with:colons')
    expect(cpe.version).toBe('1.0')
  })

  it('packs the CPE 2.3 extras into the 2.2 edition only when one is set', () => {
    expect(parseCpe23('cpe:2.3:a:adobe:flash_player:*:*:*:*:*:chrome:*:*')!.cpe22).toBe(
      'cpe:/a:adobe:flash_player:::~~~chrome~~',
    )
    expect(parseCpe23('cpe:2.3:a:vendor:product:1.0:*:enterprise:en:*:*:*:*')!.cpe22).toBe(
      'cpe:/a:vendor:product:1.0::enterprise:en',
    )
  })

  it('binds unquoted wildcards inside a value as %02 and %01', () => {
    expect(parseCpe23('cpe:2.3:a:vendor:product:1.*:*:*:*:*:*:*:*')!.cpe22).toBe(
      'cpe:/a:vendor:product:1.%02',
    )
  })

  it('rejects what is not a CPE 2.3 formatted string', () => {
    expect(parseCpe23('cpe:/a:vendor:product:1.0')).toBeUndefined()
    expect(parseCpe23('cpe:2.3:a:vendor:product:1.0:*:*:*:*:*:*')).toBeUndefined()
    expect(parseCpe23('cpe:2.3:a:vendor:product:1.0:*:*:*:*:*:*:*:*')).toBeUndefined()
    expect(parseCpe23('cpe:2.3:x:vendor:product:1.0:*:*:*:*:*:*:*')).toBeUndefined()
    expect(parseCpe23('cpe:2.3:a:vendor::1.0:*:*:*:*:*:*:*')).toBeUndefined()
    expect(parseCpe23('cpe:2.3:a:vendor:product:1.0:*:*:*:*:*:*:x\\')).toBeUndefined()
  })
})
