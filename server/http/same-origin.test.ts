import { describe, expect, it } from 'vitest'
import { isCrossSiteWrite } from './same-origin.ts'

const host = 'lookout.example:3000'

describe('isCrossSiteWrite', () => {
  it.each([
    ['a same-origin form post', 'POST', { host, origin: 'http://lookout.example:3000' }],
    [
      'a post behind a proxy',
      'POST',
      { host: 'app:3000', 'x-forwarded-host': host, origin: `https://${host}` },
    ],
    ['a post without Origin from a script', 'POST', { host }],
    ['a same-origin post without Origin', 'POST', { host, 'sec-fetch-site': 'same-origin' }],
    ['a cross-site GET', 'GET', { host, origin: 'https://evil.example' }],
  ])('lets %s through', (_label, method, headers) => {
    expect(isCrossSiteWrite(method, headers)).toBe(false)
  })

  it.each([
    ['another site', 'POST', { host, origin: 'https://evil.example' }],
    ['another port', 'POST', { host, origin: 'http://lookout.example:4000' }],
    ['a sibling subdomain', 'DELETE', { host, origin: 'http://a.lookout.example:3000' }],
    ['Origin: null', 'POST', { host, origin: 'null' }],
    ['a garbled Origin', 'PUT', { host, origin: 'not a url' }],
    ['no Host at all', 'POST', { origin: 'http://lookout.example:3000' }],
    ['a cross-site fetch without Origin', 'POST', { host, 'sec-fetch-site': 'cross-site' }],
    ['a same-site fetch without Origin', 'PATCH', { host, 'sec-fetch-site': 'same-site' }],
  ])('refuses a post from %s', (_label, method, headers) => {
    expect(isCrossSiteWrite(method, headers)).toBe(true)
  })
})
