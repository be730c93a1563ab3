/**
 * One queue in front of a single-connection database (PGlite). Single statements pass queued
 * transactions, so a read waits for at most the transaction under way, never for a backlog of
 * them; after a run of statements a transaction gets its turn, so writes are not starved.
 */
export interface Scheduler {
  statement<T>(run: () => Promise<T>): Promise<T>
  transaction<T>(run: () => Promise<T>): Promise<T>
  /** Runs once every statement and transaction queued (before or meanwhile) has run: closing. */
  last<T>(run: () => Promise<T>): Promise<T>
  /** True while some work holds the connection. */
  busy(): boolean
}

interface Task {
  run: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const STATEMENTS_BEFORE_A_TRANSACTION = 16

export function createScheduler(): Scheduler {
  const statements: Task[] = []
  const transactions: Task[] = []
  const finals: Task[] = []
  let running = false
  let statementsInARow = 0

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
    return statement ?? finals.shift()
  }

  function pump() {
    if (running) return
    const task = next()
    if (!task) return
    running = true
    task
      .run()
      .then(task.resolve, task.reject)
      .finally(() => {
        running = false
        // At once: the statements run in PGlite's thread, so requests that arrive meanwhile are
        // parsed and queued while it works; waiting a turn here would only leave it idle.
        pump()
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
    last: (run) => enqueue(finals, run),
    busy: () => running,
  }
}
