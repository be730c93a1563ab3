/**
 * Keeps two writes of a transaction in flight: the next chunk is built while the database writes
 * the last, so the transaction holds the connection for the database's work, not for the event
 * loop's turns in between (the writes still run in order: one connection, one queue).
 */
export function writesInFlight(depth = 2) {
  const pending: Promise<unknown>[] = []
  return {
    async add(write: Promise<unknown>) {
      // Seen at once: after a failure the writes behind it fail too, and are never awaited.
      write.catch(() => {})
      pending.push(write)
      if (pending.length > depth) await pending.shift()
    },
    async drain() {
      while (pending.length > 0) await pending.shift()
    },
  }
}
