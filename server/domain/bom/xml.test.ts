import { describe, expect, it } from 'vitest'
import { MAX_XML_DEPTH, xmlNestedTooDeeply } from './xml.ts'

const nested = (depth: number, inner = '') =>
  `${'<a>'.repeat(depth)}${inner}${'</a>'.repeat(depth)}`

describe('xmlNestedTooDeeply', () => {
  it('accepts elements exactly MAX_XML_DEPTH deep and refuses one more', () => {
    expect(xmlNestedTooDeeply(nested(MAX_XML_DEPTH))).toBe(false)
    expect(xmlNestedTooDeeply(nested(MAX_XML_DEPTH + 1))).toBe(true)
  })

  it('does not count self-closing elements, comments, CDATA or declarations', () => {
    const inner = '<b/><!-- <c><c><c> --><![CDATA[<d><d>]]><?pi <e>?><f x="/>" y=\'>\'/>'
    expect(xmlNestedTooDeeply(`<?xml version="1.0"?>${nested(MAX_XML_DEPTH, inner)}`)).toBe(false)
    expect(xmlNestedTooDeeply(nested(MAX_XML_DEPTH - 1, '<g a=">"><h/></g>'))).toBe(false)
  })

  it('counts siblings once', () => {
    expect(xmlNestedTooDeeply(`<r>${'<a></a>'.repeat(1000)}</r>`)).toBe(false)
  })
})
