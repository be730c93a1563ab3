import type { Analyzer } from '../model.ts'

/**
 * SHARED CONTRACT: the external analyzers in 4.13's order (OSS Index, Snyk, Trivy, VulnDB). The
 * engine's registry runs the internal analyzer first, then these.
 */
export const EXTERNAL_ANALYZERS: readonly Analyzer[] = []
