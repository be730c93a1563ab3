// Garbage is bounded by V8's own collector with a capped heap growth, not by forced collections
// (decision 023); the policy lives in server/lib/memory.ts.
export { limitHeapGrowth as collectGarbageIfDue } from '../../lib/memory.ts'
