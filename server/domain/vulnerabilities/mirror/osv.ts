import type { MirrorSource } from './source.ts'

/** Not yet written: its helper replaces this file. */
export const osvMirror: MirrorSource = {
  name: 'OSV',
  cadenceProperty: 'osv.mirror.cadence',
  defaultCadenceHours: 24,
  initialDelayMs: 10000,
  isEnabled: async (config) => (await config('vuln-source', 'google.osv.enabled')) === 'true',
  importFile: async () => {
    throw new Error('The OSV import is not written yet')
  },
  run: async () => {
    throw new Error('The OSV mirror is not written yet')
  },
}
