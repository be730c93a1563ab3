import { describe, expect, it } from 'vitest'
import { credentialsFrom } from './principal.ts'

describe('credentialsFrom', () => {
  it('reads the key from X-Api-Key and the JWT from the cookie before the bearer header', () => {
    expect(
      credentialsFrom({
        'x-api-key': ' odt_key ',
        cookie: 'a=b; Authorization-Token=cookie-jwt',
        authorization: 'Bearer header-jwt',
      }),
    ).toEqual({ apiKey: 'odt_key', jwt: 'cookie-jwt' })
  })

  it('takes ?apiKey= only when the endpoint passes its query, and the header wins', () => {
    expect(credentialsFrom({}, { apiKey: 'from-query' })).toEqual({ apiKey: 'from-query' })
    expect(credentialsFrom({ 'x-api-key': 'from-header' }, { apiKey: 'from-query' })).toEqual({
      apiKey: 'from-header',
    })
    expect(credentialsFrom({}, { apiKey: ['a', 'b'] })).toEqual({})
    expect(credentialsFrom({})).toEqual({})
  })
})
