import type { AppContext } from '../../context.ts'
import { insertLdapUser, SYNCING_DN } from '../../data/ldap-users.ts'
import { textError } from '../../lib/errors.ts'
import { requestUserSync } from './sync.ts'

/** PUT /user/ldap: the account exists at once, with DN `Syncing...` until its sync job ran. */
export async function createLdapUser(ctx: AppContext, username: string | null | undefined) {
  if (!username || username.trim() === '') throw textError(400, 'Username cannot be null or blank.')
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertLdapUser(tx, { username, dn: SYNCING_DN, email: null })
    if (created) await requestUserSync(tx, ctx.enqueue, username)
    return created
  })
  if (!user) {
    throw textError(409, 'A user with the same username already exists. Cannot create new user.')
  }
  return user
}
