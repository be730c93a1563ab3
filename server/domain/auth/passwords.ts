import { createHash } from 'node:crypto'
import bcrypt from 'bcryptjs'

/** Alpine pre-hashes with SHA-512 (lower-case hex) so bcrypt's 72-byte limit never truncates input. */
function preHash(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex')
}

export async function hashPassword(password: string, rounds: number): Promise<string> {
  const salt = await bcrypt.genSalt(rounds)
  // jBCrypt writes $2a$; both variants are the same algorithm for these inputs.
  return (await bcrypt.hash(preHash(password), salt)).replace(/^\$2b\$/, '$2a$')
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(preHash(password), hash)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined
/** Spends the same time on unknown users as on known ones, so timing reveals nothing. */
export async function spendDummyVerification(rounds: number): Promise<void> {
  dummyHash ??= hashPassword('lookout-timing-equaliser', rounds)
  await verifyPassword('not-the-password', await dummyHash)
}
