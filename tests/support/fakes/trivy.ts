import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback Trivy server speaking Twirp's JSON encoding: `Cache/PutBlob` stores a blob,
 * `Scanner/Scan` reports the vulnerabilities of the blob's packages (by purl, honouring
 * `options.pkg_types`), `Cache/DeleteBlobs` forgets it. Every call needs `Trivy-Token`.
 */
export interface TrivyPackage {
  name: string
  version: string
  identifier?: { purl?: string }
}

export interface FakeTrivy extends Loopback {
  token: string
  /** Vulnerabilities (Trivy's `common.Vulnerability` in JSON) by package purl. */
  vulnerabilities: Map<string, Record<string, unknown>[]>
  blobs: Map<string, Record<string, any>>
  /** Method names in call order (`PutBlob`, `Scan`, `DeleteBlobs`). */
  calls: string[]
  lastScanOptions: { pkg_types?: string[]; scanners?: string[] } | undefined
}

const twirpError = (status: number, code: string, msg: string) => ({
  status,
  json: { code, msg },
})

export async function startFakeTrivy(): Promise<FakeTrivy> {
  const fake: Omit<FakeTrivy, keyof Loopback> = {
    token: 'trivy-secret',
    vulnerabilities: new Map(),
    blobs: new Map(),
    calls: [],
    lastScanOptions: undefined,
  }
  return startLoopback(fake, (request) => {
    const method = /^\/twirp\/trivy\.(?:cache|scanner)\.v1\.(?:Cache|Scanner)\/(\w+)$/.exec(
      request.url.pathname,
    )?.[1]
    if (request.method !== 'POST' || !method) return twirpError(404, 'bad_route', 'no such method')
    if (request.headers['trivy-token'] !== fake.token) {
      return twirpError(401, 'unauthenticated', 'invalid token')
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return twirpError(400, 'malformed', 'expected JSON')
    }
    fake.calls.push(method)
    const body = JSON.parse(request.body) as Record<string, any>
    if (method === 'PutBlob') {
      fake.blobs.set(body.diff_id, body.blob_info)
      return { status: 200, json: {} }
    }
    if (method === 'DeleteBlobs') {
      for (const id of body.blob_ids ?? []) fake.blobs.delete(id)
      return { status: 200, json: {} }
    }
    if (method !== 'Scan') return twirpError(404, 'bad_route', 'no such method')
    const blob = fake.blobs.get(body.blob_ids?.[0])
    if (!blob) return twirpError(404, 'not_found', 'blob not found')
    fake.lastScanOptions = body.options
    const pkgTypes: string[] = body.options?.pkg_types ?? []
    const results = []
    const report = (target: string, klass: string, type: string, packages: TrivyPackage[]) => ({
      target,
      class: klass,
      type,
      vulnerabilities: packages.flatMap((pkg) =>
        (fake.vulnerabilities.get(pkg.identifier?.purl ?? '') ?? []).map((v) => ({
          pkg_name: pkg.name,
          installed_version: pkg.version,
          pkg_identifier: pkg.identifier,
          ...v,
        })),
      ),
    })
    if (pkgTypes.includes('library')) {
      for (const app of blob.applications ?? []) {
        results.push(report(app.type, 'lang-pkgs', app.type, app.libraries ?? []))
      }
    }
    if (pkgTypes.includes('os')) {
      for (const info of blob.package_infos ?? []) {
        results.push(report('os', 'os-pkgs', blob.os?.family ?? 'unknown', info.packages ?? []))
      }
    }
    return { status: 200, json: { os: blob.os ?? null, results } }
  })
}
