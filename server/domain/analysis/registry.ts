import { EXTERNAL_ANALYZERS } from './external/index.ts'
import { internalAnalyzer } from './internal.ts'
import type { Analyzer } from './model.ts'

/** Every analyzer in 4.13's order: the internal one, then the external ones. */
export const ANALYZERS: readonly Analyzer[] = [internalAnalyzer, ...EXTERNAL_ANALYZERS]

/** The analyzers the `scanner` settings switch on, in order. */
export const enabledAnalyzers = (settings: ReadonlyMap<string, string | null>) =>
  ANALYZERS.filter((analyzer) => analyzer.isEnabled(settings))
