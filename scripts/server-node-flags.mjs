/**
 * Node flags the server process runs with (decision 025), read by scripts/start.mjs and the
 * benchmarks' server processes. Only what V8 reads at start-up belongs here (PGlite's wasm flags
 * are set by server/db/pglite.ts itself):
 * - 16 MiB young-generation semi-spaces; V8 sizes them from the machine's memory otherwise
 *   (64 MiB each on a 24 GB machine);
 * - the old generation grows by 20 % between full collections instead of V8's default factor
 *   (up to 4× on a large machine), so a long mirror's garbage does not hold hundreds of MiB.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=20']
