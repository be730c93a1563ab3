import type { MirrorSource } from './source.ts'

/** Not yet written: its helper replaces this file. */
export const epssMirror: MirrorSource = {
  name: 'EPSS',
  cadenceProperty: null,
  defaultCadenceHours: 24,
  initialDelayMs: 60000,
  isEnabled: async (config) => (await config('vuln-source', 'epss.enabled')) === 'true',
  importFile: async () => {
    throw new Error('The EPSS import is not written yet')
  },
  run: async () => {
    throw new Error('The EPSS mirror is not written yet')
  },
}
