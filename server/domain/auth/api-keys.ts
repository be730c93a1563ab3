import { createHash, randomInt, timingSafeEqual } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const PUBLIC_ID_LENGTH = 8
export const SECRET_LENGTH = 32
const LEGACY_PUBLIC_ID_LENGTH = 5
const LEGACY_KEY_LENGTH = 32

function randomString(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)]
  return out
}

export function hashSecret(secret: string): string {
  return createHash('sha3-256').update(secret, 'utf8').digest('hex')
}

function separatorPrefix(configuredPrefix: string): string {
  return configuredPrefix.replace(/_+$/, '')
}

export function generatePublicId(): string {
  return randomString(PUBLIC_ID_LENGTH)
}

export function generateApiKey(configuredPrefix: string, publicId = generatePublicId()) {
  const secret = randomString(SECRET_LENGTH)
  return {
    publicId,
    secret,
    secretHash: hashSecret(secret),
    key: `${separatorPrefix(configuredPrefix)}_${publicId}_${secret}`,
  }
}

export function maskApiKey(configuredPrefix: string, publicId: string): string {
  return `${configuredPrefix}${publicId}${'*'.repeat(SECRET_LENGTH)}`
}

export interface DecodedApiKey {
  publicId: string
  secret: string
}

const ALNUM = /^[A-Za-z0-9]+$/

/** Reads the current three-part format and both legacy forms; undefined for anything else. */
export function decodeApiKey(configuredPrefix: string, key: string): DecodedApiKey | undefined {
  const prefix = separatorPrefix(configuredPrefix)
  if (key.startsWith(`${prefix}_`)) {
    const rest = key.slice(prefix.length + 1)
    const separator = rest.indexOf('_')
    if (separator > 0) {
      const publicId = rest.slice(0, separator)
      const secret = rest.slice(separator + 1)
      const modern = publicId.length === PUBLIC_ID_LENGTH && secret.length === SECRET_LENGTH
      const migrated =
        publicId.length === LEGACY_PUBLIC_ID_LENGTH &&
        secret.length === LEGACY_KEY_LENGTH - LEGACY_PUBLIC_ID_LENGTH
      if ((modern || migrated) && ALNUM.test(publicId) && ALNUM.test(secret)) {
        return { publicId, secret }
      }
    }
  }
  let legacy: string | undefined
  if (key.length === LEGACY_KEY_LENGTH) legacy = key
  else if (key.startsWith(configuredPrefix) && key.length === configuredPrefix.length + 32) {
    legacy = key.slice(configuredPrefix.length)
  }
  if (legacy && ALNUM.test(legacy)) {
    return {
      publicId: legacy.slice(0, LEGACY_PUBLIC_ID_LENGTH),
      secret: legacy.slice(LEGACY_PUBLIC_ID_LENGTH),
    }
  }
  return undefined
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'utf8')
  const expected = Buffer.from(storedHash, 'utf8')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
