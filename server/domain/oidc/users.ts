import type { Queryable } from '../../db/database.ts'
import { insertOidcUser } from '../../data/oidc-users.ts'
import { findUser } from '../../data/users.ts'
import { textError } from '../../lib/errors.ts'

/**
 * PUT /user/oidc: an account the provider's user signs in to later (its subject is set then).
 * Only another OpenID Connect user with that name conflicts, as in 4.13.
 */
export async function createOidcUser(db: Queryable, username: unknown) {
  if (typeof username !== 'string' || username.trim() === '') {
    throw textError(400, 'Username cannot be null or blank.')
  }
  const id = await insertOidcUser(db, { username, subject: null, email: null })
  if (id === undefined) {
    throw textError(409, 'A user with the same username already exists. Cannot create new user.')
  }
  return (await findUser(db, 'OIDC', username))!
}
