import type { AppContext } from '../../context.ts'
import type { Database, Queryable } from '../../db/database.ts'
import { jobKindState } from '../../data/analysis.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import { ldapUsersAfter } from '../../data/ldap-users.ts'
import { findUser } from '../../data/users.ts'
import type { Logger } from '../../logger.ts'
import { synchronizeUser } from './accounts.ts'
import { DirectoryError, withServiceSession } from './directory.ts'
import type { LdapSettings } from './settings.ts'
import { errorSummary } from './sign-in.ts'

type Enqueue = AppContext['enqueue']

/** Every LDAP user (the scheduled task), and one user (after PUT /user/ldap). */
export const LDAP_SYNC_ALL_JOB = 'ldap.sync.all'
export const LDAP_SYNC_USER_JOB = 'ldap.sync.user'

export interface LdapSyncPayload {
  username?: string
}

const INITIAL_DELAY_MS = 10_000
const DEFAULT_CADENCE_HOURS = 6
const USERS_PER_PAGE = 100
const ATTEMPTS = 3

/**
 * 4.13's LDAP sync task: ten seconds after start-up, then every `task-scheduler/ldap.sync.cadence`
 * hours after the last run ended. At most one run waits at a time, however many processes ask.
 */
export async function scheduleLdapSync(
  db: Queryable,
  enqueue: Enqueue,
  options: { atStartup: boolean },
) {
  const state = await jobKindState(db, LDAP_SYNC_ALL_JOB)
  if (state.pending) return
  const cadence = await findConfigProperty(db, 'task-scheduler', 'ldap.sync.cadence')
  const hours = Number(cadence?.property_value) || DEFAULT_CADENCE_HOURS
  let runAt: Date
  if (options.atStartup || !state.last) runAt = new Date(Date.now() + INITIAL_DELAY_MS)
  else if (Date.now() - state.last.getTime() >= hours * 3_600_000) runAt = new Date()
  else return
  await enqueue(
    db,
    LDAP_SYNC_ALL_JOB,
    {},
    { singletonKey: LDAP_SYNC_ALL_JOB, runAt, maxAttempts: ATTEMPTS },
  )
}

/** Queues the sync of one user (their DN stays `Syncing...` until it ran). */
export async function requestUserSync(db: Queryable, enqueue: Enqueue, username: string) {
  const payload: LdapSyncPayload = { username }
  await enqueue(db, LDAP_SYNC_USER_JOB, payload, {
    singletonKey: `${LDAP_SYNC_USER_JOB}:${username}`,
    maxAttempts: ATTEMPTS,
  })
}

/**
 * Refreshes the DN and e-mail (and with team synchronisation the teams) of one LDAP user or of
 * all, over one service connection. A user the directory cannot tell apart is logged and skipped;
 * a failing directory fails the run, which the queue retries.
 */
export async function runLdapSync(
  deps: { db: Database; logger: Logger; signal?: AbortSignal },
  settings: LdapSettings,
  payload: LdapSyncPayload,
) {
  if (!settings.configured) return
  const { db, logger, signal } = deps
  await withServiceSession(settings, async (session) => {
    const syncOne = async (user: { id: number; username: string }) => {
      try {
        await synchronizeUser(db, settings, session, user)
      } catch (error) {
        if (!(error instanceof DirectoryError)) throw error
        logger.warn(
          { err: errorSummary(error), username: user.username },
          'LDAP user not synchronised',
        )
      }
    }
    if (payload.username !== undefined) {
      const user = await findUser(db, 'LDAP', payload.username)
      if (user) await syncOne(user)
      return
    }
    let synchronised = 0
    for (let after = 0; ;) {
      const users = await ldapUsersAfter(db, after, USERS_PER_PAGE)
      for (const user of users) {
        signal?.throwIfAborted()
        await syncOne(user)
        synchronised++
      }
      if (users.length < USERS_PER_PAGE) break
      after = users.at(-1)!.id
    }
    logger.info({ users: synchronised }, 'LDAP synchronisation complete')
  })
}
