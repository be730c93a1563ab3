// The BOM worker run from the TypeScript sources (tsx, vitest): a worker thread starts without
// the loader of the thread that made it unless that loader came from the command line, so tsx's
// loader is registered here, then the entry is imported. The built server has bom-worker.mjs.
import { register } from 'tsx/esm/api'

register()
const { default: runInWorker } = await import('./worker.ts')
export default runInWorker
