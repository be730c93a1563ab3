import type { MirrorSource } from './source.ts'

/** Not yet written: its helper replaces this file. */
export const nvdMirror: MirrorSource = {
  name: 'NVD',
  cadenceProperty: 'nist.mirror.cadence',
  defaultCadenceHours: 24,
  initialDelayMs: 60000,
  isEnabled: async (config) => (await config('vuln-source', 'nvd.enabled')) === 'true',
  importFile: async () => {
    throw new Error('The NVD import is not written yet')
  },
  run: async () => {
    throw new Error('The NVD mirror is not written yet')
  },
}
