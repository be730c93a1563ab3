import { EnvError, loadEnv } from './config/env.ts'
import { createLookout } from './lookout.ts'

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
  const lookout = await createLookout(env).catch(exitOnConfigError)
  const address = await lookout.listen()
  lookout.app.log.info({ address, roles: [...env.LOOKOUT_ROLES] }, 'Lookout is ready')

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    lookout.app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 20_000).unref()
    await lookout.close()
    clearTimeout(force)
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

void main()
