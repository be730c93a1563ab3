import { promisify } from 'node:util'
import { brotliDecompress } from 'node:zlib'
import { get } from './fetch.ts'
import type { MetaClient } from './model.ts'

const unbrotli = promisify(brotliDecompress)

/**
 * Nixpkgs: the repository URL is the channel's whole `packages.json.br`, read once a run and
 * kept in memory as pname → version (the first attribute naming a pname wins).
 */
export const nixpkgs: MetaClient = async (repository, query, context) => {
  const key = `nixpkgs:${repository.url}`
  let versions = context.memo.get(key) as Promise<Map<string, string>> | undefined
  if (!versions) {
    versions = (async () => {
      const response = await get(repository, repository.url, context, { accept: '*/*' })
      const map = new Map<string, string>()
      if (!response) return map
      const raw = Buffer.from(await response.arrayBuffer())
      const text = (await unbrotli(raw)).toString('utf8')
      const channel = JSON.parse(text) as {
        packages?: Record<string, { pname?: string; version?: string }>
      }
      for (const pkg of Object.values(channel.packages ?? {})) {
        if (pkg.pname && pkg.version && !map.has(pkg.pname)) map.set(pkg.pname, pkg.version)
      }
      return map
    })()
    context.memo.set(key, versions)
    versions.catch(() => context.memo.delete(key))
  }
  const version = (await versions).get(query.name)
  return version ? { latestVersion: version, published: null } : null
}
