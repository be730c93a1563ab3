import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '../config/env.ts'
import { connectionOptions } from './hardening.ts'

async function seenBy(trustProxy: string | undefined) {
  const app = Fastify(
    connectionOptions(loadEnv(trustProxy ? { LOOKOUT_TRUST_PROXY: trustProxy } : {})),
  )
  app.get('/', async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
    host: request.host,
  }))
  const response = await app.inject({
    url: '/',
    remoteAddress: '10.0.0.5',
    headers: {
      host: 'lookout.internal',
      'x-forwarded-for': '203.0.113.7, 198.51.100.2',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'spoofed.example',
    },
  })
  await app.close()
  return response.json() as { ip: string; protocol: string; host: string }
}

describe('LOOKOUT_TRUST_PROXY', () => {
  it('ignores X-Forwarded-* by default', async () => {
    expect(await seenBy(undefined)).toEqual({
      ip: '10.0.0.5',
      protocol: 'http',
      host: 'lookout.internal',
    })
    expect(await seenBy('false')).toMatchObject({ ip: '10.0.0.5', protocol: 'http' })
  })

  it('follows them from any proxy with true', async () => {
    expect(await seenBy('true')).toEqual({
      ip: '203.0.113.7',
      protocol: 'https',
      host: 'spoofed.example',
    })
  })

  it('trusts as many hops as a count says', async () => {
    expect((await seenBy('1')).ip).toBe('198.51.100.2')
    expect((await seenBy('2')).ip).toBe('203.0.113.7')
  })

  it('trusts only the listed proxies', async () => {
    expect(await seenBy('10.0.0.0/8')).toMatchObject({ ip: '198.51.100.2', protocol: 'https' })
    expect(await seenBy('192.168.1.1, 10.0.0.4')).toMatchObject({
      ip: '10.0.0.5',
      protocol: 'http',
    })
  })

  it('rejects a value that is none of these', () => {
    expect(() => loadEnv({ LOOKOUT_TRUST_PROXY: 'proxy.example' })).toThrow(/LOOKOUT_TRUST_PROXY/)
    expect(() => loadEnv({ LOOKOUT_TRUST_PROXY: '10.0.0.0/40' })).toThrow(/LOOKOUT_TRUST_PROXY/)
  })
})
