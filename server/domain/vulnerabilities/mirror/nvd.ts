import fs from 'node:fs'
import path from 'node:path'
import { refreshEpssAfterNvd } from './epss.ts'
import { mirrorNvdApi } from './nvd-api.ts'
import { importFeed, mirrorNvdFeeds } from './nvd-feeds.ts'
import { nvdConfig, resolveNvdOptions, type NvdMirrorOptions } from './nvd-settings.ts'
import type { MirrorSource } from './source.ts'

interface NvdFilePosition {
  kind: 'nvd-file'
  file: string
  items: number
}

/**
 * The NVD mirror (dt-behaviour §2.6): with `nvd.api.enabled` the CVE API 2.0 (and, with
 * `nvd.api.download.feeds`, the feed files kept beside it), otherwise the JSON 2.0 feeds; then
 * EPSS. Uploaded feed files and API page dumps go through the same mapping and writer.
 */
export function createNvdMirror(options: NvdMirrorOptions = {}): MirrorSource {
  const settings = resolveNvdOptions(options)
  return {
    name: 'NVD',
    cadenceProperty: 'nist.mirror.cadence',
    defaultCadenceHours: 24,
    initialDelayMs: 60000,
    isEnabled: async (config) => (await config('vuln-source', 'nvd.enabled')) === 'true',
    async run(context) {
      if ((await nvdConfig(context, 'nvd.api.enabled')) === 'true') {
        await mirrorNvdApi(context, settings)
        if ((await nvdConfig(context, 'nvd.api.download.feeds')) === 'true') {
          await mirrorNvdFeeds(context, settings, { importing: false })
        }
      } else {
        await mirrorNvdFeeds(context, settings, { importing: true })
      }
      await refreshEpssAfterNvd(context)
    },
    async importFile(context, file) {
      const name = path.basename(file)
      if (!(await fs.promises.stat(file).catch(() => undefined))?.isFile()) {
        throw new Error(`The NVD file ${name} is missing`)
      }
      const stored = context.state.position as NvdFilePosition | null
      const skipItems = stored?.kind === 'nvd-file' && stored.file === file ? stored.items : 0
      const count = await importFeed(context, settings, file, {
        describe: `NVD file ${name}`,
        skipItems,
        position: (items): NvdFilePosition => ({ kind: 'nvd-file', file, items }),
      })
      if (count === 0) {
        throw new Error(
          `NVD file ${name} holds no CVEs: an NVD JSON 2.0 feed or API page is an object with a "vulnerabilities" list of {"cve": …} items`,
        )
      }
    },
  }
}

export const nvdMirror = createNvdMirror()
