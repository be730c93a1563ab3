import type { Queryable } from '../../db/database.ts'
import { configReader } from './mirror/run.ts'
import { enabledEcosystems, osvBaseUrl } from './mirror/osv.ts'

const ECOSYSTEMS_TIMEOUT_MS = 30_000

/**
 * Every ecosystem OSV publishes, from `{google.osv.base.url}ecosystems.txt` (fetched live, lines
 * trimmed, blank ones skipped); an empty list when it cannot be had, as in 4.13.
 */
export async function osvEcosystems(
  db: Queryable,
  encryptionKey: Uint8Array,
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  const base = await osvBaseUrl(configReader(db, encryptionKey))
  try {
    const response = await fetchImpl(`${base}ecosystems.txt`, {
      signal: AbortSignal.timeout(ECOSYSTEMS_TIMEOUT_MS),
    })
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined)
      return []
    }
    return (await response.text())
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
  } catch {
    return []
  }
}

/** The published ecosystems not yet enabled in `google.osv.enabled`. */
export async function inactiveOsvEcosystems(
  db: Queryable,
  encryptionKey: Uint8Array,
  fetchImpl: typeof fetch = fetch,
): Promise<string[]> {
  const enabled = new Set(await enabledEcosystems(configReader(db, encryptionKey)))
  return (await osvEcosystems(db, encryptionKey, fetchImpl)).filter((name) => !enabled.has(name))
}
