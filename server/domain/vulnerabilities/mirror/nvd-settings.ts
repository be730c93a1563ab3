import type { MirrorRunContext } from './source.ts'

/** Knobs of the NVD mirror; the defaults are 4.13's. Tests and benches pass their own. */
export interface NvdMirrorOptions {
  /**
   * The pause between two API requests and before a retry: 600 ms with an API key, 6,500 ms
   * without (NVD allows 50 requests per 30 s with a key, 5 without).
   */
  delayMs?: (withApiKey: boolean) => number
  /** Retries of one request on 403/429/503 or a network error. */
  retries?: number
  /** CVEs asked for per API page (NVD's maximum) and per commit when reading feeds or files. */
  pageSize?: number
  now?: () => Date
}

export const resolveNvdOptions = (options: NvdMirrorOptions) => ({
  delayMs: options.delayMs ?? ((withApiKey: boolean) => (withApiKey ? 600 : 6500)),
  retries: options.retries ?? 10,
  pageSize: options.pageSize ?? 2000,
  now: options.now ?? (() => new Date()),
})

export type NvdSettings = ReturnType<typeof resolveNvdOptions>

export const NVD_RETRY_STATUSES = new Set([403, 429, 503])

export const DEFAULT_NVD_API_URL = 'https://services.nvd.nist.gov/rest/json/cves/2.0'
export const DEFAULT_NVD_FEEDS_URL = 'https://nvd.nist.gov/feeds'

export const nvdConfig = async (context: Pick<MirrorRunContext, 'config'>, name: string) =>
  (await context.config('vuln-source', name))?.trim() || null
