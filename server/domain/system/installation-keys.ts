import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { EnvError } from '../../config/env.ts'
import type { Database } from '../../db/database.ts'
import {
  deleteSettings,
  ensureSetting,
  generateSecret,
  lockSeeding,
  readSettings,
} from '../../data/system.ts'

/** What signs tokens and cookies and encrypts secret settings; never stored in the database. */
export interface InstallationKeys {
  jwtKey: Uint8Array
  sessionSecret: string
  configKey: Uint8Array
}

const KeyFile = z.object({
  jwtSecret: z.base64(),
  sessionSecret: z.string().min(32),
  configEncryptionKey: z.base64(),
})
type KeyFile = z.infer<typeof KeyFile>

/** Where releases before the key file kept the keys (system_setting names). */
const LEGACY_SETTINGS = {
  jwtSecret: 'jwt.secret',
  sessionSecret: 'session.secret',
  configEncryptionKey: 'config.encryption.key',
} as const
const FINGERPRINT_SETTING = 'keys.fingerprint'

/** A configuration problem: the process stops with this message. */
export class InstallationKeyError extends EnvError {}

export function defaultKeyFile(dataDir: string) {
  return path.join(dataDir, 'keys', 'secret.keys')
}

/**
 * Reads the key file, creating it at first start. An installation that still keeps its keys in
 * the database has them moved to the file (and deleted from the database), so tokens, cookies
 * and encrypted settings made before keep working. The database only keeps a fingerprint, so a
 * process given other keys than its peers refuses to start instead of rejecting their tokens.
 */
export async function loadInstallationKeys(
  db: Database,
  keyFile: string,
): Promise<InstallationKeys> {
  const stored = await db.transaction(async (tx) => {
    await lockSeeding(tx)
    const names = Object.values(LEGACY_SETTINGS)
    const legacy = await readSettings(tx, [...names, FINGERPRINT_SETTING])
    const fromDatabase = {
      jwtSecret: legacy.get(LEGACY_SETTINGS.jwtSecret),
      sessionSecret: legacy.get(LEGACY_SETTINGS.sessionSecret),
      configEncryptionKey: legacy.get(LEGACY_SETTINGS.configEncryptionKey),
    }
    const hasLegacy = Object.values(fromDatabase).some((value) => value !== undefined)
    let keys = readKeyFile(keyFile)
    if (keys && hasLegacy && !sameKeys(keys, fromDatabase)) {
      throw new InstallationKeyError(
        `The database still holds keys that differ from ${keyFile}; remove one of them.`,
      )
    }
    if (!keys) {
      const fingerprint = legacy.get(FINGERPRINT_SETTING)
      if (fingerprint && !hasLegacy) throw missingKeyFile(keyFile)
      keys = {
        jwtSecret: fromDatabase.jwtSecret ?? generateSecret(),
        sessionSecret: fromDatabase.sessionSecret ?? generateSecret(),
        configEncryptionKey: fromDatabase.configEncryptionKey ?? generateSecret(),
      }
      writeKeyFile(keyFile, keys)
    }
    if (hasLegacy) await deleteSettings(tx, names)
    const fingerprint = fingerprintOf(keys)
    if ((await ensureSetting(tx, FINGERPRINT_SETTING, () => fingerprint)) !== fingerprint) {
      throw missingKeyFile(keyFile)
    }
    return keys
  })
  const keys = {
    jwtKey: new Uint8Array(Buffer.from(stored.jwtSecret, 'base64')),
    sessionSecret: stored.sessionSecret,
    configKey: new Uint8Array(Buffer.from(stored.configEncryptionKey, 'base64')),
  }
  configKeys.set(db, keys.configKey)
  return keys
}

const configKeys = new WeakMap<Database, Uint8Array>()

/** The config encryption key of the installation behind db (loaded at start). */
export function configKeyOf(db: Database): Uint8Array {
  const key = configKeys.get(db)
  if (!key) throw new Error('Installation keys were not loaded for this database')
  return key
}

function missingKeyFile(keyFile: string) {
  return new InstallationKeyError(
    `The database was set up with other keys than ${keyFile}. Every Lookout process sharing ` +
      'the database needs the same key file (LOOKOUT_SECRET_KEY_FILE).',
  )
}

function sameKeys(keys: KeyFile, other: Partial<KeyFile>) {
  return (Object.keys(LEGACY_SETTINGS) as (keyof KeyFile)[]).every(
    (name) => other[name] === undefined || other[name] === keys[name],
  )
}

function fingerprintOf(keys: KeyFile) {
  return createHash('sha256').update(`${keys.jwtSecret}\n${keys.configEncryptionKey}`).digest('hex')
}

function readKeyFile(keyFile: string): KeyFile | undefined {
  let text: string
  try {
    text = fs.readFileSync(keyFile, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed
  try {
    parsed = KeyFile.safeParse(JSON.parse(text))
  } catch {
    parsed = undefined
  }
  if (!parsed?.success) throw new InstallationKeyError(`${keyFile} is not a Lookout key file`)
  return parsed.data
}

/** Owner-only: the folder 0700, the file 0600, written whole or not at all. */
function writeKeyFile(keyFile: string, keys: KeyFile) {
  const dir = path.dirname(keyFile)
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const temporary = `${keyFile}.${process.pid}.tmp`
  fs.rmSync(temporary, { force: true }) // left by a crash of an earlier process with this pid
  fs.writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  fs.renameSync(temporary, keyFile)
}
