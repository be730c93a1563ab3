import type { MirrorSource } from './source.ts'

/** Not yet written: its helper replaces this file. */
export const githubMirror: MirrorSource = {
  name: 'GITHUB',
  cadenceProperty: 'ghsa.mirror.cadence',
  defaultCadenceHours: 24,
  initialDelayMs: 10000,
  isEnabled: async (config) =>
    (await config('vuln-source', 'github.advisories.enabled')) === 'true',
  importFile: async () => {
    throw new Error('The GITHUB import is not written yet')
  },
  run: async () => {
    throw new Error('The GITHUB mirror is not written yet')
  },
}
