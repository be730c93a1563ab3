import { runLdapSync, type LdapSyncPayload } from '../domain/ldap/sync.ts'
import type { LdapSettings } from '../domain/ldap/settings.ts'
import type { JobHandler } from './worker.ts'

export interface LdapJobDeps {
  ldap: LdapSettings
}

/** Both LDAP sync jobs (all users, one user) run the same synchronisation. */
export const ldapSyncJob =
  (deps: LdapJobDeps): JobHandler =>
  async (payload, { db, logger, signal }) =>
    runLdapSync({ db, logger, signal }, deps.ldap, (payload ?? {}) as LdapSyncPayload)
