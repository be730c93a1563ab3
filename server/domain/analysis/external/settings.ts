import { CONFIG_PROPERTY_CATALOGUE } from '../../config/catalogue.ts'
import { decryptValue } from '../../config/crypto.ts'
import type { AnalysisContext } from '../model.ts'

type Settings = ReadonlyMap<string, string | null>

const DEFAULTS = new Map(
  CONFIG_PROPERTY_CATALOGUE.filter((p) => p.groupName === 'scanner').map((p) => [
    p.propertyName,
    p.defaultValue,
  ]),
)

/** A `scanner` setting, its catalogue default when unset; blank counts as unset. */
export function setting(settings: Settings, name: string): string | null {
  const value = settings.has(name) ? settings.get(name) : DEFAULTS.get(name)
  return value == null || value.trim() === '' ? null : value.trim()
}

export const flag = (settings: Settings, name: string) => setting(settings, name) === 'true'

/** An ENCRYPTEDSTRING setting in clear (the context's key decrypts it when it has one). */
export function secret(context: Pick<AnalysisContext, 'settings' | 'encryptionKey'>, name: string) {
  const stored = setting(context.settings, name)
  if (stored === null || !context.encryptionKey) return stored
  try {
    return decryptValue(context.encryptionKey, stored)
  } catch {
    return null
  }
}

/** `scanner/analysis.cache.validity.period` in ms (default 12 h). */
export function cacheValidityMs(settings: Settings) {
  const value = Number(setting(settings, 'analysis.cache.validity.period'))
  return Number.isFinite(value) && value > 0 ? value : 43_200_000
}
