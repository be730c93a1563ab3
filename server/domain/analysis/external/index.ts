import type { Analyzer } from '../model.ts'
import { createOssIndexAnalyzer } from './ossindex.ts'
import { createSnykAnalyzer } from './snyk.ts'
import { createTrivyAnalyzer } from './trivy.ts'
import { createVulnDbAnalyzer } from './vulndb.ts'

/**
 * SHARED CONTRACT: the external analyzers in 4.13's order (OSS Index, Snyk, Trivy, VulnDB). The
 * engine's registry runs the internal analyzer first, then these.
 */
export const EXTERNAL_ANALYZERS: readonly Analyzer[] = [
  createOssIndexAnalyzer(),
  createSnykAnalyzer(),
  createTrivyAnalyzer(),
  createVulnDbAnalyzer(),
]
