import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import packageJson from '../package.json' with { type: 'json' }
import type { Env } from './config/env.ts'
import type { AppContext, BuildInfo } from './context.ts'
import type { Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { openDatabase } from './db/open.ts'
import { generateSecret } from './data/system.ts'
import { defaultKeyFile, loadInstallationKeys } from './domain/system/installation-keys.ts'
import { seed } from './domain/system/seed.ts'
import { requestFullLicenseResolution } from './domain/licenses/resolution.ts'
import { apiPlugin } from './http/api.ts'
import { injectFetch, remoteFetch } from './http/api-fetch.ts'
import { consolePlugin, type ApiFetch, type ConsoleOidcSettings } from './http/console.ts'
import { errorHandler } from './http/error-handler.ts'
import {
  connectionOptions,
  limitConnectionsPerClient,
  registerSecurityHeaders,
} from './http/hardening.ts'
import { schedulePortfolioAnalysis } from './domain/analysis/triggers.ts'
import { synchroniseDefaultRepositories } from './domain/repositories/defaults.ts'
import { scheduleRepositoryMetadata } from './domain/repositories/triggers.ts'
import { ANALYSIS_CACHE_PURGE_JOB } from './domain/analysis/external/cache-purge.ts'
import { scheduleDueMirrors } from './domain/vulnerabilities/mirror/run.ts'
import { ldapSettings } from './domain/ldap/settings.ts'
import { scheduleLdapSync } from './domain/ldap/sync.ts'
import { scheduleMetrics } from './domain/metrics/triggers.ts'
import { flushApiKeyUsage } from './jobs/api-key-usage.ts'
import { jobHandlers, PROJECT_JOBS } from './jobs/handlers.ts'
import { enqueueJob } from './jobs/queue.ts'
import { createBomWorkers } from './domain/bom/workers.ts'
import { persistedWorkerIdentity, startWorker, type Worker } from './jobs/worker.ts'
import { createLogger, type Logger } from './logger.ts'
import { limitHeapGrowth } from './lib/memory.ts'

export interface Lookout {
  app: FastifyInstance
  ctx: AppContext | undefined
  worker: Worker | undefined
  listen(): Promise<string>
  close(): Promise<void>
}

export interface LookoutOptions {
  logger?: Logger
  /** Path of the Remix server build; the console role needs it. */
  remixBuildPath?: string
  publicDir?: string
  /** Told after every job this process enqueues (the worker process's wake-up, decision 028). */
  onEnqueue?: () => void
}

const MIRROR_SCHEDULE_TICK_MS = 60_000

// Long enough that a busy event loop does not read as a database outage.
const HEALTH_PING_MS = 10_000

/** The project folder: the nearest one above this module (source or bundle) with a package.json. */
const ROOT = (() => {
  let dir = path.dirname(new URL(import.meta.url).pathname)
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) {
    dir = path.dirname(dir)
  }
  return dir
})()

function readBuildInfo(): BuildInfo {
  const file = path.join(ROOT, 'build', 'build-info.json')
  const fallback = {
    timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
    uuid: randomUUID(),
  }
  try {
    return {
      version: packageJson.version,
      ...fallback,
      ...JSON.parse(fs.readFileSync(file, 'utf8')),
    }
  } catch {
    return { version: packageJson.version, ...fallback }
  }
}

export async function createLookout(env: Env, options: LookoutOptions = {}): Promise<Lookout> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL)
  limitHeapGrowth()
  const roles = env.LOOKOUT_ROLES
  const needsDatabase = roles.has('api') || roles.has('worker')
  let db: Database | undefined
  let ctx: AppContext | undefined
  let encryptionKey: Uint8Array | undefined
  let sessionSecret = env.LOOKOUT_SESSION_SECRET
  let worker: Worker | undefined
  let cacheTimer: NodeJS.Timeout | undefined

  if (needsDatabase) {
    db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.LOOKOUT_DATA_DIR })
    const applied = await migrate(db)
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated')
    const { systemUuid, licenseCatalogueChanged } = await seed(db, env.LOOKOUT_BCRYPT_ROUNDS)
    const opened = db
    const keys = await loadInstallationKeys(
      opened,
      env.LOOKOUT_SECRET_KEY_FILE ?? defaultKeyFile(env.LOOKOUT_DATA_DIR),
    ).catch(async (error: unknown) => {
      await opened.close() // a refused start must not leave the database open
      throw error
    })
    encryptionKey = keys.configKey
    await synchroniseDefaultRepositories(db, env.LOOKOUT_REPOSITORY_DEFAULTS_URL)
    sessionSecret ??= keys.sessionSecret
    ctx = {
      db,
      env,
      logger,
      jwtKey: keys.jwtKey,
      systemUuid,
      build: readBuildInfo(),
      apiKeyUsage: new Map(),
      bomWorkers: createBomWorkers({
        size: env.LOOKOUT_BOM_WORKERS,
        logger,
        // Tests start many servers that never see a BOM; a worker starts at the first upload.
        warm: roles.has('api') && env.NODE_ENV !== 'test',
      }),
      enqueue: async (queryable, kind, payload, enqueueOptions) => {
        const job = await enqueueJob(queryable, kind, payload, enqueueOptions)
        worker?.nudge()
        options.onEnqueue?.()
        return job
      },
    }
    // Components may name licenses the new catalogue knows (or lost): resolve them again.
    if (licenseCatalogueChanged) await requestFullLicenseResolution(db, ctx.enqueue)
  }

  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: env.LOOKOUT_BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    ...connectionOptions(env),
  })
  app.setErrorHandler(errorHandler)
  limitConnectionsPerClient(app, env.LOOKOUT_MAX_CONNECTIONS_PER_CLIENT, env.LOOKOUT_TRUST_PROXY)
  registerSecurityHeaders(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Lookout API (Dependency-Track 4.13 compatible)',
        version: packageJson.version,
      },
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  })

  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    const checks = []
    if (db) {
      // Never waits behind a long job: a database busy with work is up.
      const up = await db.ping(HEALTH_PING_MS)
      checks.push({ name: 'database', status: up ? 'UP' : 'DOWN' })
    }
    const status = checks.every((check) => check.status === 'UP') ? 'UP' : 'DOWN'
    return reply.status(status === 'UP' ? 200 : 503).send({ status, checks })
  })

  if (roles.has('api') && ctx && encryptionKey) {
    await app.register(apiPlugin(ctx, encryptionKey), { prefix: '/api' })
  }

  if (roles.has('console')) {
    const apiFetch: ApiFetch = roles.has('api') ? injectFetch(app) : remoteFetch(env.API_BASE_URL!)
    await app.register(
      consolePlugin({
        buildPath: options.remixBuildPath ?? path.join(ROOT, 'build', 'remix', 'index.js'),
        publicDir: options.publicDir ?? path.join(ROOT, 'public'),
        apiFetch,
        mode: env.NODE_ENV,
        sessionSecret: sessionSecret ?? fileSecret(env.LOOKOUT_DATA_DIR),
        secureCookies: env.LOOKOUT_SECURE_COOKIES,
        metricsCache: {
          ttlMs: env.LOOKOUT_METRICS_CACHE_TTL_MS,
          maxEntries: env.LOOKOUT_METRICS_CACHE_ENTRIES,
          logEveryMs: env.LOOKOUT_METRICS_CACHE_LOG_MS,
        },
        oidc: consoleOidcSettings(env),
      }),
    )
  }

  if (roles.has('worker') && ctx) {
    worker = startWorker({
      db: ctx.db,
      logger,
      concurrency: env.LOOKOUT_WORKER_CONCURRENCY,
      limits: [{ kinds: PROJECT_JOBS, max: env.LOOKOUT_WORKER_PROJECT_JOBS }],
      pollMs: env.LOOKOUT_WORKER_POLL_MS,
      handlers: jobHandlers({
        bomWorkers: ctx.bomWorkers,
        encryptionKey: encryptionKey!,
        dataDir: env.LOOKOUT_DATA_DIR,
        serviceUrls: { ossIndex: env.LOOKOUT_OSSINDEX_URL, vulnDb: env.LOOKOUT_VULNDB_URL },
        ldap: ldapSettings(env),
        repositoryMetadata: env.LOOKOUT_REPOSITORY_METADATA,
      }),
      identity: persistedWorkerIdentity(env.LOOKOUT_DATA_DIR),
    })
    // Finished jobs are kept a week for diagnosis; each start clears older ones.
    await ctx.enqueue(ctx.db, 'job.prune', {}, { singletonKey: 'job.prune' })
    // As 4.13's ClearComponentAnalysisCacheTask: at start-up, then daily.
    const purgeCache = () =>
      ctx.enqueue(ctx.db, ANALYSIS_CACHE_PURGE_JOB, {}, { singletonKey: ANALYSIS_CACHE_PURGE_JOB })
    await purgeCache()
    cacheTimer = setInterval(() => {
      purgeCache().catch((error) => logger.error({ err: error }, 'cache purge scheduling failed'))
    }, 86_400_000).unref()
  }

  const timers: NodeJS.Timeout[] = cacheTimer ? [cacheTimer] : []
  if (roles.has('worker') && ctx && encryptionKey && env.LOOKOUT_MIRROR_SCHEDULE) {
    // As 4.13: every enabled source mirrors shortly after start-up, then on its cadence.
    const scheduleDeps = { db: ctx.db, encryptionKey }
    const enqueue = ctx.enqueue
    await scheduleDueMirrors(scheduleDeps, enqueue, { atStartup: true })
    await schedulePortfolioAnalysis(ctx.db, enqueue, { atStartup: true })
    if (env.LOOKOUT_REPOSITORY_METADATA) {
      await scheduleRepositoryMetadata(ctx.db, enqueue, { atStartup: true })
    }
    await scheduleMetrics(ctx.db, enqueue, { atStartup: true })
    timers.push(
      setInterval(() => {
        scheduleDueMirrors(scheduleDeps, enqueue, { atStartup: false }).catch((error) =>
          logger.error({ err: error }, 'mirror scheduling failed'),
        )
        schedulePortfolioAnalysis(scheduleDeps.db, enqueue, { atStartup: false }).catch((error) =>
          logger.error({ err: error }, 'portfolio analysis scheduling failed'),
        )
        if (env.LOOKOUT_REPOSITORY_METADATA) {
          scheduleRepositoryMetadata(scheduleDeps.db, enqueue, { atStartup: false }).catch(
            (error) => logger.error({ err: error }, 'repository metadata scheduling failed'),
          )
        }
        scheduleMetrics(scheduleDeps.db, enqueue, { atStartup: false }).catch((error) =>
          logger.error({ err: error }, 'metrics scheduling failed'),
        )
      }, MIRROR_SCHEDULE_TICK_MS).unref(),
    )
  }

  if (
    roles.has('worker') &&
    ctx &&
    ldapSettings(env).configured &&
    env.LOOKOUT_LDAP_SYNC_SCHEDULE
  ) {
    // As 4.13's LdapSyncTask: ten seconds after start-up, then on its cadence.
    const { db: ldapDb, enqueue } = ctx
    await scheduleLdapSync(ldapDb, enqueue, { atStartup: true })
    timers.push(
      setInterval(() => {
        scheduleLdapSync(ldapDb, enqueue, { atStartup: false }).catch((error) =>
          logger.error({ err: error }, 'LDAP sync scheduling failed'),
        )
      }, MIRROR_SCHEDULE_TICK_MS).unref(),
    )
  }

  if (roles.has('api') && ctx) {
    const apiCtx = ctx
    timers.push(
      setInterval(() => {
        flushApiKeyUsage(apiCtx).catch((error) =>
          logger.error({ err: error }, 'API key usage flush failed'),
        )
      }, env.LOOKOUT_API_KEY_FLUSH_MS).unref(),
    )
  }

  let closed = false
  return {
    app,
    ctx,
    get worker() {
      return worker
    },
    async listen() {
      return app.listen({ port: env.PORT, host: env.HOST })
    },
    async close() {
      if (closed) return
      closed = true
      for (const timer of timers) clearInterval(timer)
      await app.close()
      if (ctx) await flushApiKeyUsage(ctx).catch(() => undefined)
      await worker?.stop()
      await ctx?.bomWorkers.close()
      await db?.close()
    },
  }
}

/** A console-only process keeps its cookie secret in the data folder. */
function fileSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session.secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = generateSecret()
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

/** The console offers OpenID Connect sign-in when it knows the issuer and its client. */
function consoleOidcSettings(env: Env): ConsoleOidcSettings | undefined {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return undefined
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    scope: env.OIDC_SCOPE,
    buttonText: env.OIDC_LOGIN_BUTTON_TEXT,
  }
}
