import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Client } from 'ldapts'

const run = promisify(execFile)

/** Debian installs the server tools in /usr/sbin, which a non-root PATH may lack. */
const sbin = (tool: string) => {
  const file = `/usr/sbin/${tool}`
  return existsSync(file) ? file : tool
}

/*
 * A private OpenLDAP server (Debian's slapd) per test file: its own port, configuration and mdb
 * database in a temporary folder, loaded from an LDIF before it starts, stopped afterwards. No
 * system service is involved. `apt-get install slapd ldap-utils` provides it (.ci/run does).
 */

export const BASE_DN = 'dc=example,dc=com'
export const ADMIN_DN = `cn=admin,${BASE_DN}`
export const ADMIN_PASSWORD = 'admin-secret'
export const SERVICE_DN = `cn=lookout,ou=services,${BASE_DN}`
export const SERVICE_PASSWORD = 'service-secret'

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/ldap/directory.ldif')

export interface Slapd {
  /** ldap://127.0.0.1:<port> */
  url: string
  /** ldaps://localhost:<port>, when started with TLS. */
  ldapsUrl?: string
  /** The PEM of the authority that signed the server certificate, when started with TLS. */
  caFile?: string
  /** A client bound as the directory's administrator (the test unbinds it). */
  admin(): Promise<Client>
  stop(): Promise<void>
}

export interface SlapdOptions {
  /** Extra LDIF appended to the shared fixture. */
  ldif?: string
  /** Serve ldaps:// and StartTLS with a certificate made for this run. */
  tls?: boolean
  /** The server's own size limit (entries per search). */
  sizeLimit?: number
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      )
    })
  })
}

function config(dir: string, options: SlapdOptions) {
  const tls = options.tls
    ? [
        `TLSCACertificateFile ${dir}/ca.pem`,
        `TLSCertificateFile ${dir}/server.pem`,
        `TLSCertificateKeyFile ${dir}/server.key`,
      ]
    : []
  return [
    ...['core', 'cosine', 'inetorgperson', 'nis', 'dyngroup'].map(
      (schema) => `include /etc/ldap/schema/${schema}.schema`,
    ),
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'moduleload dynlist',
    `pidfile ${dir}/slapd.pid`,
    `argsfile ${dir}/slapd.args`,
    ...tls,
    `sizelimit ${options.sizeLimit ?? 500}`,
    'database mdb',
    'maxsize 16777216',
    `suffix "${BASE_DN}"`,
    `rootdn "${ADMIN_DN}"`,
    `rootpw ${ADMIN_PASSWORD}`,
    `directory ${dir}/data`,
    // memberOf on user entries, nested groups included (as Active Directory computes it).
    'overlay dynlist',
    'dynlist-attrset groupOfURLs memberURL member+memberOf@groupOfNames*',
    // Anonymous clients may only bind: searches need the service account.
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by * none',
    '',
  ].join('\n')
}

async function makeCertificates(dir: string) {
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir })
  await openssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
    ...['-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=Lookout test CA'],
  )
  await fs.writeFile(path.join(dir, 'san.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n')
  await openssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key'],
    ...['-out', 'server.csr', '-subj', '/CN=localhost'],
  )
  await openssl(
    ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-days', '2', '-out', 'server.pem', '-extfile', 'san.cnf'],
  )
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited: ${log()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => resolve(true))
      socket.once('error', () => resolve(false))
    }).catch(() => false)
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`slapd did not listen on ${port}: ${log()}`)
}

export async function startSlapd(options: SlapdOptions = {}): Promise<Slapd> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-slapd-'))
  await fs.mkdir(path.join(dir, 'data'))
  if (options.tls) await makeCertificates(dir)
  await fs.writeFile(path.join(dir, 'slapd.conf'), config(dir, options))
  const ldif = (await fs.readFile(FIXTURE, 'utf8')) + (options.ldif ? `\n${options.ldif}` : '')
  await fs.writeFile(path.join(dir, 'data.ldif'), ldif)
  await run(sbin('slapadd'), ['-q', '-f', `${dir}/slapd.conf`, '-l', `${dir}/data.ldif`])

  const port = await freePort()
  const tlsPort = options.tls ? await freePort() : undefined
  const listeners = [`ldap://127.0.0.1:${port}/`]
  if (tlsPort) listeners.push(`ldaps://127.0.0.1:${tlsPort}/`)
  // -d keeps slapd in the foreground, so it is this process's child and stops with it.
  const child = spawn(
    sbin('slapd'),
    ['-f', `${dir}/slapd.conf`, '-h', listeners.join(' '), '-d', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const url = `ldap://127.0.0.1:${port}`
  try {
    await waitForPort(port, child, () => stderr)
  } catch (error) {
    child.kill('SIGKILL')
    await fs.rm(dir, { recursive: true, force: true })
    throw error
  }

  return {
    url,
    ...(tlsPort ? { ldapsUrl: `ldaps://localhost:${tlsPort}`, caFile: `${dir}/ca.pem` } : {}),
    async admin() {
      const client = new Client({ url })
      await client.bind(ADMIN_DN, ADMIN_PASSWORD)
      return client
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await fs.rm(dir, { recursive: true, force: true })
    },
  }
}

/** The ALPINE_LDAP_* settings of an OpenLDAP directory like the fixture's. */
export function openLdapEnv(slapd: Slapd, overrides: Record<string, string> = {}) {
  return {
    ALPINE_LDAP_ENABLED: 'true',
    ALPINE_LDAP_SERVER_URL: slapd.url,
    ALPINE_LDAP_BASEDN: BASE_DN,
    ALPINE_LDAP_SECURITY_AUTH: 'simple',
    ALPINE_LDAP_BIND_USERNAME: SERVICE_DN,
    ALPINE_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
    ALPINE_LDAP_AUTH_USERNAME_FORMAT: '%s',
    ALPINE_LDAP_ATTRIBUTE_NAME: 'uid',
    ALPINE_LDAP_ATTRIBUTE_MAIL: 'mail',
    ALPINE_LDAP_GROUPS_FILTER: '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))',
    ALPINE_LDAP_USER_GROUPS_FILTER:
      '(|(&(objectClass=groupOfNames)(member={USER_DN}))' +
      '(&(objectClass=groupOfUniqueNames)(uniqueMember={USER_DN})))',
    ALPINE_LDAP_GROUPS_SEARCH_FILTER:
      '(&(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))(cn=*{SEARCH_TERM}*))',
    ALPINE_LDAP_USERS_SEARCH_FILTER: '(&(objectClass=inetOrgPerson)(cn=*{SEARCH_TERM}*))',
    LOOKOUT_LDAP_SYNC_SCHEDULE: 'false',
    ...overrides,
  }
}
