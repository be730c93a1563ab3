/**
 * One queue in front of a single-connection database (PGlite). Single statements pass queued
 * transactions, so a read waits for at most the transaction under way, never for a backlog of
 * them; after a run of statements a transaction gets its turn, so writes are not starved.
 */
export interface Scheduler {
  statement<T>(run: () => Promise<T>): Promise<T>
  transaction<T>(run: () => Promise<T>): Promise<T>
  /**
   * Between the statements of a transaction: lets timers and sockets run once the transaction
   * has held the thread for BREATHE_EVERY_MS. Not more often: while others run, the connection
   * stays held and idle.
   */
  breathe(): Promise<void>
  /** True while some work holds the connection. */
  busy(): boolean
}

interface Task {
  run: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const STATEMENTS_BEFORE_A_TRANSACTION = 16
export const BREATHE_EVERY_MS = 50

export function createScheduler(): Scheduler {
  const statements: Task[] = []
  const transactions: Task[] = []
  let running = false
  let statementsInARow = 0
  let lastBreath = 0

  function next(): Task | undefined {
    const transactionDue =
      transactions.length > 0 &&
      (statements.length === 0 || statementsInARow >= STATEMENTS_BEFORE_A_TRANSACTION)
    if (transactionDue) {
      statementsInARow = 0
      return transactions.shift()
    }
    const statement = statements.shift()
    if (statement) statementsInARow++
    return statement
  }

  function pump() {
    if (running) return
    const task = next()
    if (!task) return
    running = true
    lastBreath = performance.now()
    task
      .run()
      .then(task.resolve, task.reject)
      .finally(() => {
        running = false
        // Requests that arrived meanwhile queue their statements before the next task starts.
        setImmediate(pump)
      })
  }

  const enqueue = <T>(queue: Task[], run: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject })
      pump()
    })

  return {
    statement: (run) => enqueue(statements, run),
    transaction: (run) => enqueue(transactions, run),
    async breathe() {
      if (performance.now() - lastBreath < BREATHE_EVERY_MS) return
      await new Promise((resolve) => setImmediate(resolve))
      lastBreath = performance.now()
    },
    busy: () => running,
  }
}
