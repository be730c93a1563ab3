import type { MirrorSource } from './source.ts'

/** Not yet written: its helper replaces this file. */
export const kevMirror: MirrorSource = {
  name: 'KEV',
  cadenceProperty: null,
  defaultCadenceHours: 24,
  initialDelayMs: 60000,
  isEnabled: async (config) => (await config('vuln-source', 'kev.enabled')) === 'true',
  importFile: async () => {
    throw new Error('The KEV import is not written yet')
  },
  run: async () => {
    throw new Error('The KEV mirror is not written yet')
  },
}
