import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { OidcEnvSchema, withAlpineOidcNames } from './oidc-env.ts'
import { z } from 'zod'
import { LdapEnvSchema } from './ldap-env.ts'

const ROLES = ['console', 'api', 'worker'] as const
export type Role = (typeof ROLES)[number]

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value))

/** `false`, `true` (any proxy), a hop count, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[]

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  const family = net.isIP(address ?? '')
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128)
}

const trustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase()
  if (['false', '0', 'no', 'off'].includes(text)) return false
  if (['true', 'yes', 'on'].includes(text)) return true
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const invalid = entries.filter((entry) => !isAddressOrRange(entry))
  if (entries.length === 0 || invalid.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `Use false, true, a hop count or proxy addresses/CIDR ranges (not ${invalid.join(', ') || 'empty'})`,
    })
  }
  return entries
})

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOOKOUT_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOOKOUT_ROLES: z
    .string()
    .default('console,api,worker')
    .transform((value, ctx) => {
      const roles = value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean)
      for (const role of roles) {
        if (!(ROLES as readonly string[]).includes(role)) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown role "${role}"; use ${ROLES.join(', ')}`,
          })
        }
      }
      return new Set(roles as Role[])
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOOKOUT_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    // Room for Dependency-Track's largest PUT /bom: 20,000,000 Base64 characters plus the fields.
    .default(20 * 1024 * 1024),
  LOOKOUT_JWT_TTL_SECONDS: z.coerce.number().int().positive().default(604800),
  LOOKOUT_BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(31).default(12),
  LOOKOUT_API_KEY_PREFIX: z.string().min(1).default('odt_'),
  LOOKOUT_LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOOKOUT_LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(60),
  LOOKOUT_API_KEY_FLUSH_MS: z.coerce.number().int().positive().default(30_000),
  LOOKOUT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  LOOKOUT_WORKER_POLL_MS: z.coerce.number().int().positive().default(1000),
  // Jobs of a BOM upload's chain (import, VEX, analysis, policies, project metrics) one worker
  // runs at once; its other slots take other jobs (mirrors, LDAP …). Each keeps a database
  // backend busy: more than half the cores only push requests back (decision 028).
  LOOKOUT_WORKER_PROJECT_JOBS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.floor(os.availableParallelism() / 2))),
  // On PostgreSQL, a process with the worker role and another hands its jobs to a process of its
  // own at this lower CPU priority (nice), so requests win the CPU (decision 028).
  LOOKOUT_WORKER_PROCESS: booleanString.default(true),
  LOOKOUT_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // Threads that check and convert uploaded BOMs: one core is left to the main thread (at least
  // one, at most four); 0 checks them on the main thread (decision 024).
  LOOKOUT_BOM_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(Math.max(1, Math.min(4, os.availableParallelism() - 1))),
  LOOKOUT_SESSION_SECRET: z.string().min(32).optional(),
  // Key material lives here, never in the database; processes sharing a database share the file.
  LOOKOUT_SECRET_KEY_FILE: z.string().min(1).optional(),
  LOOKOUT_SECURE_COOKIES: booleanString.optional(),
  // Connection hygiene: slow or stalled clients must not hold sockets for ever.
  LOOKOUT_TRUST_PROXY: trustProxySetting.default(false),
  LOOKOUT_HEADERS_TIMEOUT_MS: milliseconds(15_000),
  LOOKOUT_REQUEST_TIMEOUT_MS: milliseconds(120_000),
  LOOKOUT_KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
  LOOKOUT_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(128),
  // Off in tests: mirrors then run only when asked ("Mirror now", a changed source).
  LOOKOUT_MIRROR_SCHEDULE: booleanString.default(true),
  // A source's bulk file uploaded for an air-gapped mirror (an OSV all.zip reaches a gigabyte).
  LOOKOUT_MIRROR_UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  // OpenID Connect sign-in besides the OIDC_* settings at the end (oidc-env.ts).
  ...OidcEnvSchema,
  // Analyzer services whose address 4.13 does not make configurable (a proxy, a test double).
  LOOKOUT_OSSINDEX_URL: z.url().optional(),
  LOOKOUT_VULNDB_URL: z.url().optional(),
  // Where the default package repositories are created (a mirror, a test double): each default
  // becomes <this>/<identifier>/<its path> (docs/repositories.md). Existing rows are not changed.
  LOOKOUT_REPOSITORY_DEFAULTS_URL: z.url().optional(),
  // Off: repository metadata jobs end at once and are not scheduled (benchmarks, air-gapped sites).
  LOOKOUT_REPOSITORY_METADATA: booleanString.default(true),
  // The console's per-user cache of metric answers (docs/dashboard.md); a TTL of 0 turns it off.
  LOOKOUT_METRICS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  LOOKOUT_METRICS_CACHE_ENTRIES: z.coerce.number().int().positive().default(1000),
  LOOKOUT_METRICS_CACHE_LOG_MS: z.coerce.number().int().min(0).default(60_000),
  OIDC_ENABLED: booleanString.default(false),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  ...LdapEnvSchema,
})

export type Env = Omit<z.infer<typeof EnvSchema>, 'LOOKOUT_DATA_DIR'> & {
  LOOKOUT_DATA_DIR: string
}

export class EnvError extends Error {}

/** Validates the environment once at boot; nothing else reads process.env. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = withAlpineOidcNames(
    Object.fromEntries(
      Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
    ),
  )
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  if (env.LOOKOUT_ROLES.size === 0) throw new EnvError('LOOKOUT_ROLES names no role')
  const hasApi = env.LOOKOUT_ROLES.has('api') || env.LOOKOUT_ROLES.has('worker')
  if (env.LOOKOUT_HEADERS_TIMEOUT_MS > env.LOOKOUT_REQUEST_TIMEOUT_MS) {
    throw new EnvError('LOOKOUT_HEADERS_TIMEOUT_MS cannot exceed LOOKOUT_REQUEST_TIMEOUT_MS')
  }
  if (env.LOOKOUT_ROLES.has('console') && !hasApi && !env.API_BASE_URL) {
    throw new EnvError('A console-only process needs API_BASE_URL (the API it talks to)')
  }
  return { ...env, LOOKOUT_DATA_DIR: path.resolve(env.LOOKOUT_DATA_DIR) }
}
