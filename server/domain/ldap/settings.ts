import fs from 'node:fs'
import type { Env } from '../../config/env.ts'

/** The directory settings every LDAP operation reads; built once from the environment. */
export interface LdapSettings {
  /** Enabled and given a server address (Alpine's LDAP_CONFIGURED). */
  configured: boolean
  url: string
  baseDn: string
  /** `none` binds anonymously with the service account (no credentials are sent). */
  securityAuth: 'simple' | 'none'
  bindDn: string | undefined
  bindPassword: string | undefined
  usernameFormat: string
  attributeName: string
  attributeMail: string
  groupsFilter: string
  userGroupsFilter: string
  groupsSearchFilter: string
  usersSearchFilter: string
  userProvisioning: boolean
  teamSynchronization: boolean
  startTls: boolean
  tlsCa: string | undefined
  tlsVerify: boolean
  timeoutMs: number
  groupsCacheSeconds: number
  groupsSizeLimit: number
  userGroupsAttribute: string | undefined
}

const built = new WeakMap<Env, LdapSettings>()

/** The settings of this environment, read (password and CA files included) once per process. */
export function ldapSettings(env: Env): LdapSettings {
  let settings = built.get(env)
  if (!settings) {
    settings = readSettings(env)
    built.set(env, settings)
  }
  return settings
}

function readSettings(env: Env): LdapSettings {
  const passwordFile = env.ALPINE_LDAP_BIND_PASSWORD_FILE
  return {
    configured: env.ALPINE_LDAP_ENABLED && env.ALPINE_LDAP_SERVER_URL.trim() !== '',
    url: env.ALPINE_LDAP_SERVER_URL,
    baseDn: env.ALPINE_LDAP_BASEDN,
    securityAuth: env.ALPINE_LDAP_SECURITY_AUTH,
    bindDn: env.ALPINE_LDAP_BIND_USERNAME,
    bindPassword: passwordFile
      ? fs.readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '')
      : env.ALPINE_LDAP_BIND_PASSWORD,
    usernameFormat: env.ALPINE_LDAP_AUTH_USERNAME_FORMAT,
    attributeName: env.ALPINE_LDAP_ATTRIBUTE_NAME,
    attributeMail: env.ALPINE_LDAP_ATTRIBUTE_MAIL,
    groupsFilter: env.ALPINE_LDAP_GROUPS_FILTER,
    userGroupsFilter: env.ALPINE_LDAP_USER_GROUPS_FILTER,
    groupsSearchFilter: env.ALPINE_LDAP_GROUPS_SEARCH_FILTER,
    usersSearchFilter: env.ALPINE_LDAP_USERS_SEARCH_FILTER,
    userProvisioning: env.ALPINE_LDAP_USER_PROVISIONING,
    teamSynchronization: env.ALPINE_LDAP_TEAM_SYNCHRONIZATION,
    startTls: env.LOOKOUT_LDAP_STARTTLS,
    tlsCa: env.LOOKOUT_LDAP_TLS_CA_FILE
      ? fs.readFileSync(env.LOOKOUT_LDAP_TLS_CA_FILE, 'utf8')
      : undefined,
    tlsVerify: env.LOOKOUT_LDAP_TLS_VERIFY,
    timeoutMs: env.LOOKOUT_LDAP_TIMEOUT_MS,
    groupsCacheSeconds: env.LOOKOUT_LDAP_GROUPS_CACHE_SECONDS,
    groupsSizeLimit: env.LOOKOUT_LDAP_GROUPS_SIZE_LIMIT,
    userGroupsAttribute: env.LOOKOUT_LDAP_USER_GROUPS_ATTRIBUTE,
  }
}
