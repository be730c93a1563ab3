import { describe, expect, it } from 'vitest'
import {
  ComponentSearchParamsSchema,
  criteriaFor,
  hashAlgorithms,
} from './__component-search.server.ts'

const parse = (query: string) =>
  ComponentSearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)))

describe('component search URL', () => {
  it('searches by coordinates by default, with only the parts given', () => {
    expect(criteriaFor(parse('name=left-pad&group=+'))).toEqual({
      group: undefined,
      name: 'left-pad',
      version: undefined,
    })
  })

  it('has not searched yet without a value', () => {
    expect(criteriaFor(parse(''))).toBeUndefined()
    expect(criteriaFor(parse('subject=PACKAGE_URL&q=%20'))).toBeUndefined()
    expect(criteriaFor(parse('subject=HASH&name=ignored'))).toBeUndefined()
  })

  it('maps each single-value subject to its API parameter', () => {
    expect(criteriaFor(parse('subject=PACKAGE_URL&q=pkg:npm/a@1'))).toEqual({ purl: 'pkg:npm/a@1' })
    expect(criteriaFor(parse('subject=CPE&q=cpe:2.3:a:x'))).toEqual({ cpe: 'cpe:2.3:a:x' })
    expect(criteriaFor(parse('subject=SWID_TAGID&q=swid-1'))).toEqual({ swidTagId: 'swid-1' })
    expect(criteriaFor(parse('subject=HASH&q=ABCDEF'))).toEqual({ hash: 'abcdef' })
  })

  it('ignores an unknown subject, page size or sort column', () => {
    expect(parse('subject=NAME&pageSize=3&sortName=password&page=0')).toMatchObject({
      subject: 'COORDINATES',
      pageSize: 10,
      sortName: undefined,
      page: 1,
    })
    expect(parse('sortName=project.name&sortOrder=desc')).toMatchObject({
      sortName: 'project.name',
      sortOrder: 'desc',
    })
  })
})

describe('hash algorithms', () => {
  it('names the algorithms a hash is compared as, by its length', () => {
    expect(hashAlgorithms('a'.repeat(32))).toEqual(['MD5'])
    expect(hashAlgorithms('B'.repeat(40))).toEqual(['SHA-1'])
    expect(hashAlgorithms('c'.repeat(64))).toEqual(['SHA-256', 'SHA3-256', 'BLAKE2b-256'])
    expect(hashAlgorithms('d'.repeat(96))).toEqual(['SHA-384', 'SHA3-384', 'BLAKE2b-384'])
    expect(hashAlgorithms('e'.repeat(128))).toEqual(['SHA-512', 'SHA3-512', 'BLAKE2b-512'])
    expect(hashAlgorithms('f'.repeat(50))).toEqual(['BLAKE3'])
  })

  it('recognises no algorithm for text that is not hexadecimal', () => {
    expect(hashAlgorithms('left-pad')).toEqual([])
    expect(hashAlgorithms('sha256:abc')).toEqual([])
  })
})
