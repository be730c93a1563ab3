import { repositoryTypeOfPurlType, type RepositoryType } from '../../../common/repository-shapes.ts'
import type { PackageKey } from '../../data/repository-meta.ts'

export type { PackageKey } from '../../data/repository-meta.ts'

/**
 * The package a stored (canonical) purl names, when its type has a repository (§8.2): one
 * repository metadata record per package, keyed by repository type, namespace and name as the
 * purl has them (decoded). Null for unsupported types and unreadable purls.
 */
export function packageOf(purl: string): PackageKey | null {
  const match = /^pkg:([^/]+)\/([^?#]+)/.exec(purl)
  if (!match) return null
  const repositoryType = repositoryTypeOfPurlType(match[1]!)
  if (repositoryType === 'UNSUPPORTED') return null
  const path = match[2]!
  const at = path.lastIndexOf('@')
  try {
    const segments = (at >= 0 ? path.slice(0, at) : path)
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent)
    const name = segments.pop()
    if (!name) return null
    return { repositoryType, namespace: segments.length > 0 ? segments.join('/') : null, name }
  } catch {
    return null
  }
}

/** The version a stored purl names (decoded), if any. */
export function versionOf(purl: string): string | null {
  const path = /^pkg:[^/]+\/([^?#]+)/.exec(purl)?.[1]
  const at = path?.lastIndexOf('@') ?? -1
  if (!path || at < 0) return null
  try {
    return decodeURIComponent(path.slice(at + 1)) || null
  } catch {
    return null
  }
}

/** One text per package, for maps and the per-repository cache. */
export const packageKeyText = (p: PackageKey) =>
  `${p.repositoryType}\u0000${p.namespace ?? ''}\u0000${p.name}`

/** The purl type a repository type reads (GO_MODULES ← golang). */
export function purlTypeOf(type: RepositoryType): string {
  return type === 'GO_MODULES' ? 'golang' : type.toLowerCase()
}
