import type { Database } from '../../db/database.ts'
import { insertMissingConfigProperties } from '../../data/config-properties.ts'
import { generateSecret, generateUuid, ensureSetting } from '../../data/system.ts'
import {
  countUsers,
  grantUserPermission,
  addMembership,
  insertManagedUser,
} from '../../data/users.ts'
import { grantTeamPermission, insertTeam } from '../../data/teams.ts'
import { DEFAULT_TEAMS, PERMISSIONS, PERMISSION_NAMES } from '../auth/permissions.ts'
import { hashPassword } from '../auth/passwords.ts'
import { CONFIG_PROPERTY_CATALOGUE } from '../config/catalogue.ts'

export interface InstallationSecrets {
  jwtKey: Uint8Array
  sessionSecret: string
  systemUuid: string
}

/** First-start data, as Dependency-Track seeds it; re-running never overwrites anything. */
export async function seed(db: Database, bcryptRounds: number): Promise<InstallationSecrets> {
  // Hash outside the transaction: bcrypt is slow and the transaction holds a lock.
  const adminHash = await hashPassword('admin', bcryptRounds)
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7301455911)')
    await tx.query(
      `INSERT INTO permission (name, description)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING`,
      [PERMISSIONS.map(([name]) => name), PERMISSIONS.map(([, description]) => description)],
    )
    await insertMissingConfigProperties(tx, CONFIG_PROPERTY_CATALOGUE)

    const teamCount = Number(
      (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM team'))[0]?.count,
    )
    const createAdmin = (await countUsers(tx, 'MANAGED')) === 0
    const admin = createAdmin
      ? await insertManagedUser(tx, {
          username: 'admin',
          passwordHash: adminHash,
          fullname: 'Administrator',
          email: 'admin@localhost',
          suspended: false,
          forcePasswordChange: true,
          nonExpiryPassword: true,
        })
      : undefined
    if (admin) {
      for (const permission of PERMISSION_NAMES) await grantUserPermission(tx, admin.id, permission)
    }
    if (teamCount === 0) {
      for (const definition of DEFAULT_TEAMS) {
        const team = await insertTeam(tx, definition.name)
        for (const permission of definition.permissions) {
          await grantTeamPermission(tx, team.id, permission)
        }
        if (admin && definition.name === 'Administrators')
          await addMembership(tx, admin.id, team.id)
      }
    }

    const jwtKey = await ensureSetting(tx, 'jwt.secret', generateSecret)
    return {
      jwtKey: new Uint8Array(Buffer.from(jwtKey, 'base64')),
      sessionSecret: await ensureSetting(tx, 'session.secret', generateSecret),
      systemUuid: await ensureSetting(tx, 'system.uuid', generateUuid),
    }
  })
}
