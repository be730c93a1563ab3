/**
 * Node flags the server process runs with (decision 025), read by scripts/start.mjs and the
 * benchmarks' server processes. Only what V8 reads at start-up belongs here (PGlite's wasm flags
 * are set by server/db/pglite.ts itself):
 * 16 MiB young-generation semi-spaces; V8 sizes them from the machine's memory otherwise (64 MiB
 * each on a 24 GB machine). How far the old generation grows between collections is set at run
 * time (`server/lib/memory.ts`), so it also holds where these flags are not passed.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16']
