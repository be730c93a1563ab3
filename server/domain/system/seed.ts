import type { Database } from '../../db/database.ts'
import { insertMissingConfigProperties } from '../../data/config-properties.ts'
import {
  countTeams,
  ensureSetting,
  generateUuid,
  insertMissingPermissions,
  lockSeeding,
} from '../../data/system.ts'
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
import { seedDefaultLicenseGroups, syncLicenseCatalogue } from '../licenses/catalogue.ts'

/**
 * First-start data, as Dependency-Track seeds it; re-running never overwrites anything.
 * Keys are not data: installation-keys.ts keeps them out of the database.
 */
export async function seed(
  db: Database,
  bcryptRounds: number,
): Promise<{ systemUuid: string; licenseCatalogueChanged: boolean }> {
  // Hash outside the transaction: bcrypt is slow and the transaction holds a lock.
  const adminHash = await hashPassword('admin', bcryptRounds)
  return db.transaction(async (tx) => {
    await lockSeeding(tx)
    await insertMissingPermissions(tx, PERMISSIONS)
    await insertMissingConfigProperties(tx, CONFIG_PROPERTY_CATALOGUE)
    const licenseCatalogueChanged = await syncLicenseCatalogue(tx)
    await seedDefaultLicenseGroups(tx)

    const teamCount = await countTeams(tx)
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

    return {
      systemUuid: await ensureSetting(tx, 'system.uuid', generateUuid),
      licenseCatalogueChanged,
    }
  })
}
