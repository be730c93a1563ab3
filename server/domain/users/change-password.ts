import type { AppContext } from '../../context.ts'
import { setPassword } from '../../data/users.ts'
import { authenticate } from '../auth/login.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import type { ForcedChangeResult } from './managed-users.ts'

const blank = (value: string | undefined) => value === undefined || value.trim() === ''

/** POST /user/forceChangePassword: authenticate (a pending forced change counts as success), then change. */
export async function changePasswordWithCredentials(
  ctx: AppContext,
  input: { username?: string; password?: string; newPassword?: string; confirmPassword?: string },
): Promise<ForcedChangeResult> {
  const outcome = await authenticate(ctx, input.username ?? '', input.password ?? '')
  let user
  if (outcome.ok) user = outcome.user
  else if (outcome.cause === 'FORCE_PASSWORD_CHANGE') user = outcome.user
  else if (outcome.cause === 'THROTTLED') {
    return { status: 429, body: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: outcome.retryAfterSeconds }
  } else {
    const forbidden = outcome.cause === 'SUSPENDED' || outcome.cause === 'UNMAPPED_ACCOUNT'
    return { status: forbidden ? 403 : 401, body: outcome.cause }
  }
  if (user.kind !== 'MANAGED') {
    return {
      status: 406,
      body: 'Changing passwords for non-managed users is not forbidden. Password not changed.',
    }
  }
  if (blank(input.newPassword) || input.newPassword !== input.confirmPassword) {
    return { status: 406, body: 'The passwords do not match. Password not changed.' }
  }
  if (user.password_hash && (await verifyPassword(input.newPassword!, user.password_hash))) {
    return {
      status: 406,
      body: 'Existing password is the same as new password. Password not changed.',
    }
  }
  const hash = await hashPassword(input.newPassword!, ctx.env.LOOKOUT_BCRYPT_ROUNDS)
  await setPassword(ctx.db, user.id, hash, { clearForceChange: true })
  return { status: 200 }
}
