import type { Database } from '../../db/database.ts'
import { INVALID_DN, recordSeenGroups, updateLdapUserEntry } from '../../data/ldap-users.ts'
import { synchronizeLdapTeams } from '../../data/ldap-mappings.ts'
import type { DirectorySession, DirectoryUser } from './directory.ts'
import type { LdapSettings } from './settings.ts'

/**
 * Stores what the directory says of a user (Alpine's LdapSyncTask.sync): DN and e-mail, and with
 * team synchronisation the groups seen and the teams they map to. A user the directory no longer
 * has gets the DN `INVALID`, no e-mail and, with synchronisation, no teams.
 */
export async function applyDirectoryEntry(
  db: Database,
  settings: LdapSettings,
  session: DirectorySession,
  user: { id: number; username: string },
  entry: DirectoryUser | undefined,
) {
  // The directory is asked first and everything is stored in one transaction, so no reader sees
  // a user whose DN is synchronised but whose teams are not yet.
  const groups =
    settings.teamSynchronization && entry
      ? await session.userGroups({ dn: entry.dn, username: user.username })
      : []
  await db.transaction(async (tx) => {
    await updateLdapUserEntry(tx, user.id, {
      dn: entry?.dn ?? INVALID_DN,
      email: entry?.email ?? null,
    })
    if (!settings.teamSynchronization) return
    await recordSeenGroups(tx, user.id, groups)
    await synchronizeLdapTeams(tx, user.id, groups)
  })
}

/** Looks the user up through the session, then stores the entry as above. */
export async function synchronizeUser(
  db: Database,
  settings: LdapSettings,
  session: DirectorySession,
  user: { id: number; username: string },
) {
  await applyDirectoryEntry(db, settings, session, user, await session.findUser(user.username))
}
