import { fileURLToPath } from 'node:url'
import { EnvError, loadEnv } from './config/env.ts'
import { createLogger } from './logger.ts'
import { serve, WORKER_PROCESS_ARG } from './worker-process.ts'

/** A configuration mistake ends the start with its message, not a stack trace. */
function exitOnConfigError(error: unknown): never {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`)
    process.exit(2)
  }
  throw error
}

async function main() {
  let env
  try {
    env = loadEnv()
  } catch (error) {
    exitOnConfigError(error)
  }
  const logger = createLogger(env.LOG_LEVEL)
  let stopping = false
  const stop = async (reason: string) => {
    if (stopping) return
    stopping = true
    logger.info({ reason }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 20_000).unref()
    await served.close()
    clearTimeout(force)
    process.exit(0)
  }
  const served = await serve(env, {
    logger,
    relaunch: {
      script: fileURLToPath(import.meta.url),
      args: process.argv.slice(2),
      execArgv: process.execArgv,
      env: process.env,
    },
    onParentGone: () => void stop('parent process ended'),
  }).catch(exitOnConfigError)
  // A worker process's start is logged by its parent ('worker process ready').
  if (!process.argv.includes(WORKER_PROCESS_ARG)) {
    logger.info({ address: served.address, roles: [...env.LOOKOUT_ROLES] }, 'Lookout is ready')
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

void main()
