import { epssMirror } from './epss.ts'
import { githubMirror } from './github.ts'
import { kevMirror } from './kev.ts'
import { nvdMirror } from './nvd.ts'
import { osvMirror } from './osv.ts'
import type { MirrorSource, MirrorSourceName } from './source.ts'

export const mirrorSources: Record<MirrorSourceName, MirrorSource> = {
  NVD: nvdMirror,
  GITHUB: githubMirror,
  OSV: osvMirror,
  EPSS: epssMirror,
  KEV: kevMirror,
}
