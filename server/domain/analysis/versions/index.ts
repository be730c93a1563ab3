/**
 * The version orderings moved to `common/versions/` (the console shares them, decision 011).
 * This re-export keeps server code written against the old path working; import from
 * `common/versions/index.ts` in new code.
 */
export * from '../../../../common/versions/index.ts'
