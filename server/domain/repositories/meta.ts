import { repositoryMeta, type RepositoryMetaRow } from '../../data/repository-meta.ts'
import type { Queryable } from '../../db/database.ts'
import { emptyError, textError } from '../../lib/errors.ts'
import { parsePurl } from '../components/purl.ts'
import { packageKeyText, packageOf } from './packages.ts'

export type { RepositoryMetaRow } from '../../data/repository-meta.ts'

export const META_NOT_FOUND = 'The repository metadata for the specified component cannot be found.'

/**
 * `GET /repository/latest?purl=` (§7.3 #3): the package's metadata; undefined for a purl type
 * without repositories (204); 400 for a malformed purl, 404 when nothing is known.
 */
export async function latestMetadata(db: Queryable, purl: string | undefined) {
  const parsed = parsePurl(purl)
  if (!parsed) throw emptyError(400)
  const key = packageOf(parsed.coordinates)
  if (!key) return undefined
  const [row] = await repositoryMeta(db, [key])
  if (!row?.latest_version) throw textError(404, META_NOT_FOUND)
  return row
}

/** Repository metadata by stored purl, loaded once for the rows a response serialises. */
export type MetaByPurl = ReadonlyMap<string, RepositoryMetaRow>

export async function repositoryMetaByPurl(
  db: Queryable,
  purls: ReadonlyArray<string | null | undefined>,
): Promise<MetaByPurl> {
  const keys = new Map<string, ReturnType<typeof packageOf> & object>()
  const purlKeys = new Map<string, string>()
  for (const purl of purls) {
    const key = purl ? packageOf(purl) : null
    if (!purl || !key) continue
    const text = packageKeyText(key)
    keys.set(text, key)
    purlKeys.set(purl, text)
  }
  const rows = await repositoryMeta(db, [...keys.values()])
  const byKey = new Map(
    rows
      .filter((row) => row.latest_version)
      .map((row) => [
        packageKeyText({
          repositoryType: row.repository_type,
          namespace: row.namespace,
          name: row.name,
        }),
        row,
      ]),
  )
  const byPurl = new Map<string, RepositoryMetaRow>()
  for (const [purl, text] of purlKeys) {
    const row = byKey.get(text)
    if (row) byPurl.set(purl, row)
  }
  return byPurl
}
