import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '../../config/env.ts'
import { ldapSettings } from './settings.ts'

describe('LDAP settings', () => {
  it("are off by default, with Dependency-Track's Active Directory defaults", () => {
    const settings = ldapSettings(loadEnv({}))
    expect(settings).toMatchObject({
      configured: false,
      url: 'ldap://ldap.example.com:389',
      usernameFormat: '%s@example.com',
      attributeName: 'userPrincipalName',
      userGroupsFilter: '(member:1.2.840.113556.1.4.1941:={USER_DN})',
      userProvisioning: false,
      teamSynchronization: false,
      tlsVerify: true,
    })
    expect(ldapSettings(loadEnv({ ALPINE_LDAP_ENABLED: 'true' })).configured).toBe(true)
  })

  it('read the bind password from a file when given one, without its line break', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ldap-')), 'password')
    fs.writeFileSync(file, 's3cret value\n')
    const env = loadEnv({
      ALPINE_LDAP_BIND_PASSWORD: 'ignored',
      ALPINE_LDAP_BIND_PASSWORD_FILE: file,
    })
    expect(ldapSettings(env).bindPassword).toBe('s3cret value')
    fs.rmSync(path.dirname(file), { recursive: true })
  })

  it('refuse a server address that is not ldap:// or ldaps://', () => {
    expect(() => loadEnv({ ALPINE_LDAP_SERVER_URL: 'http://dc1:389' })).toThrow(
      /ALPINE_LDAP_SERVER_URL/,
    )
    expect(() => loadEnv({ ALPINE_LDAP_TEAM_SYNCHRONIZATION: 'maybe' })).toThrow(
      /ALPINE_LDAP_TEAM_SYNCHRONIZATION/,
    )
  })
})
