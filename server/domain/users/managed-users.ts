import type { AppContext } from '../../context.ts'
import * as users from '../../data/users.ts'
import { textError } from '../../lib/errors.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === ''
const trimToNull = (value: string | null | undefined) => (blank(value) ? null : value!.trim())

export interface ManagedUserInput {
  username?: string | null
  fullname?: string | null
  email?: string | null
  newPassword?: string | null
  confirmPassword?: string | null
  forcePasswordChange?: boolean | null
  nonExpiryPassword?: boolean | null
  suspended?: boolean | null
}

export async function createManagedUser(ctx: AppContext, input: ManagedUserInput) {
  if (blank(input.username)) throw textError(400, 'Username cannot be null or blank.')
  if (blank(input.fullname)) throw textError(400, 'The users full name is missing.')
  if (blank(input.email)) throw textError(400, 'The users email address is missing.')
  if (blank(input.newPassword) || blank(input.confirmPassword)) {
    throw textError(400, 'A password must be set.')
  }
  if (input.newPassword !== input.confirmPassword)
    throw textError(400, 'The passwords do not match.')
  if (await users.findUser(ctx.db, 'MANAGED', input.username!)) {
    throw textError(409, 'A user with the same username already exists. Cannot create new user.')
  }
  const passwordHash = await hashPassword(input.newPassword!, ctx.env.LOOKOUT_BCRYPT_ROUNDS)
  return users.insertManagedUser(ctx.db, {
    username: input.username!,
    passwordHash,
    fullname: trimToNull(input.fullname),
    email: trimToNull(input.email),
    suspended: input.suspended ?? false,
    forcePasswordChange: input.forcePasswordChange ?? false,
    nonExpiryPassword: input.nonExpiryPassword ?? false,
  })
}

/** POST /user/managed: absent booleans mean false, as Jackson deserialises them in Dependency-Track. */
export async function updateManagedUser(ctx: AppContext, input: ManagedUserInput) {
  const user = input.username ? await users.findUser(ctx.db, 'MANAGED', input.username) : undefined
  if (!user) throw textError(404, 'The user could not be found.')
  if (blank(input.fullname)) throw textError(400, 'The users full name is missing.')
  if (blank(input.email)) throw textError(400, 'The users email address is missing.')
  await users.updateManagedUserFields(ctx.db, user.id, {
    fullname: trimToNull(input.fullname),
    email: trimToNull(input.email),
    suspended: input.suspended ?? false,
    forcePasswordChange: input.forcePasswordChange ?? false,
    nonExpiryPassword: input.nonExpiryPassword ?? false,
  })
  if (!blank(input.newPassword) && input.newPassword === input.confirmPassword) {
    const hash = await hashPassword(input.newPassword!, ctx.env.LOOKOUT_BCRYPT_ROUNDS)
    await users.setPassword(ctx.db, user.id, hash, { clearForceChange: false })
  }
  return (await users.findUser(ctx.db, 'MANAGED', user.username))!
}

/** POST /user/self: a managed user edits their own name, e-mail and optionally password. */
export async function updateOwnProfile(
  ctx: AppContext,
  user: users.UserRow,
  input: Pick<ManagedUserInput, 'fullname' | 'email' | 'newPassword' | 'confirmPassword'>,
) {
  if (blank(input.fullname)) throw textError(400, 'Full name is required.')
  if (blank(input.email)) throw textError(400, 'Email address is required.')
  const changingPassword = !blank(input.newPassword) && !blank(input.confirmPassword)
  if (changingPassword && input.newPassword !== input.confirmPassword) {
    throw textError(400, 'Passwords do not match.')
  }
  await users.updateProfile(ctx.db, user.id, {
    fullname: trimToNull(input.fullname),
    email: trimToNull(input.email),
  })
  if (changingPassword) {
    const same =
      user.password_hash && (await verifyPassword(input.newPassword!, user.password_hash))
    if (!same) {
      const hash = await hashPassword(input.newPassword!, ctx.env.LOOKOUT_BCRYPT_ROUNDS)
      await users.setPassword(ctx.db, user.id, hash, { clearForceChange: false })
    }
  }
  return (await users.findUser(ctx.db, 'MANAGED', user.username))!
}

export type ForcedChangeResult =
  { status: 200 } | { status: 401 | 403 | 406 | 429; body: string; retryAfterSeconds?: number }
