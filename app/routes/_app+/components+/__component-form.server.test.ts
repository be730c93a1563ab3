import { describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client.server.ts'
import {
  COMPONENT_FIELDS,
  ComponentFormSchema,
  fieldErrorsFrom,
} from './__component-form.server.ts'

const refusal = (status: number, body: unknown, contentType = 'application/json') =>
  new ApiError({ status, statusText: '', contentType, body: JSON.stringify(body) })

describe('fieldErrorsFrom', () => {
  it('puts the API’s validation messages on the fields they are about', () => {
    const errors = fieldErrorsFrom(
      refusal(400, [
        { path: 'body.purl', message: 'The Package URL (purl) must be a valid URI' },
        { path: 'body.licenseExpression', message: 'must be a valid SPDX expression' },
        { path: 'body.blake3', message: 'not settable' },
      ]),
      COMPONENT_FIELDS,
    )
    expect(errors).toEqual({
      purl: ['The Package URL (purl) must be a valid URI'],
      licenseExpression: ['must be a valid SPDX expression'],
      '': ['not settable'],
    })
  })

  it('answers nothing for refusals that are not validation lists', () => {
    expect(fieldErrorsFrom(refusal(409, [{ path: 'x', message: 'y' }]), COMPONENT_FIELDS)).toBe(
      undefined,
    )
    expect(fieldErrorsFrom(refusal(400, { title: 'Bad' }), COMPONENT_FIELDS)).toBe(undefined)
  })
})

describe('ComponentFormSchema', () => {
  it('trims blanks away and lower-cases hashes', () => {
    const parsed = ComponentFormSchema.parse({
      name: ' zlib ',
      classifier: 'LIBRARY',
      version: '  ',
      sha1: 'A'.repeat(40),
    })
    expect(parsed).toMatchObject({ name: 'zlib', version: undefined, sha1: 'a'.repeat(40) })
  })

  it('refuses a hash of the wrong length and an unknown classifier', () => {
    const result = ComponentFormSchema.safeParse({ name: 'x', classifier: 'WIDGET', md5: 'abc' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['classifier', 'md5'])
  })
})
