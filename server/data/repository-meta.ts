import type { Queryable } from '../db/database.ts'

/** Repository metadata (migration 0016's repository_meta_component, dt-behaviour §8.2). */

export interface PackageKey {
  repositoryType: string
  namespace: string | null
  name: string
}

export interface RepositoryMetaRow {
  repository_type: string
  namespace: string | null
  name: string
  latest_version: string | null
  published: Date | string | null
  last_check: Date | string
}

/** The repository type of a stored purl column, in SQL (golang → GO_MODULES, npm → NPM …). */
const repositoryTypeSql = (purl: string) =>
  `CASE WHEN ${purl} LIKE 'pkg:golang/%' THEN 'GO_MODULES'
     ELSE upper(substr(split_part(${purl}, '/', 1), 5)) END`

/**
 * The latest version repository metadata knows for a component aliased `c`, as 4.13's queries
 * join it: same repository type as the purl, namespace = group (null-safe), same name.
 */
export const latestVersionSql = (c: string) =>
  `(SELECT m.latest_version FROM repository_meta_component m
    WHERE m.repository_type = ${repositoryTypeSql(`${c}.purl`)}
      AND COALESCE(m.namespace, '') = COALESCE(${c}."group", '') AND m.name = ${c}.name)`

/** Repository metadata of these packages, one row per package that has any. */
export function repositoryMeta(db: Queryable, packages: readonly PackageKey[]) {
  if (packages.length === 0) return Promise.resolve([] as RepositoryMetaRow[])
  return db.query<RepositoryMetaRow>(
    `SELECT m.repository_type, m.namespace, m.name, m.latest_version, m.published, m.last_check
     FROM repository_meta_component m
     JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(repository_type, namespace, name)
       ON m.repository_type = k.repository_type AND COALESCE(m.namespace, '') = k.namespace
       AND m.name = k.name`,
    [
      packages.map((p) => p.repositoryType),
      packages.map((p) => p.namespace ?? ''),
      packages.map((p) => p.name),
    ],
  )
}

/** Records a package's latest version (one row per package; a later check replaces it). */
export async function upsertRepositoryMeta(
  db: Queryable,
  key: PackageKey,
  latestVersion: string,
  published: Date | null,
) {
  await db.query(
    `INSERT INTO repository_meta_component
       (repository_type, namespace, name, latest_version, published, last_check)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (repository_type, (COALESCE(namespace, '')), name)
     DO UPDATE SET latest_version = EXCLUDED.latest_version, published = EXCLUDED.published,
       last_check = now()`,
    [key.repositoryType, key.namespace, key.name, latestVersion, published],
  )
}

export interface CachedRepositoryResult {
  target: string
  result: { latestVersion?: string; published?: string } | null
}

/** One repository's cached answers (component_analysis_cache, source REPOSITORY) newer than `validFrom`. */
export async function findRepositoryCache(
  db: Queryable,
  repositoryUrl: string,
  targets: readonly string[],
  validFrom: Date,
) {
  if (targets.length === 0) return []
  return db.query<CachedRepositoryResult>(
    `SELECT target, result FROM component_analysis_cache
     WHERE target_host = $1 AND source = 'REPOSITORY' AND target = ANY($2::text[])
       AND updated_at >= $3`,
    [repositoryUrl, [...targets], validFrom],
  )
}

/** Caches one repository's answer for one package, an empty one too. */
export async function saveRepositoryCache(
  db: Queryable,
  repositoryUrl: string,
  target: string,
  result: CachedRepositoryResult['result'],
) {
  await db.query(
    `INSERT INTO component_analysis_cache (target_host, source, target, result, updated_at)
     VALUES ($1, 'REPOSITORY', $2, $3::jsonb, now())
     ON CONFLICT (target_host, source, target)
     DO UPDATE SET result = EXCLUDED.result, updated_at = now()`,
    [repositoryUrl, target, JSON.stringify(result ?? {})],
  )
}

export interface MetaCandidateRow {
  id: number | string
  purl: string
  internal: boolean
}

/** Components with a purl of the project (or these components), in id order after `afterId`. */
export function componentsForMetadata(
  db: Queryable,
  scope: { projectId?: number; componentIds?: number[]; activeOnly?: boolean },
  afterId: number,
  limit: number,
) {
  const where = ['c.purl IS NOT NULL', 'c.id > $1']
  const params: unknown[] = [afterId, limit]
  if (scope.projectId !== undefined) {
    params.push(scope.projectId)
    where.push(`c.project_id = $${params.length}`)
  }
  if (scope.componentIds !== undefined) {
    params.push(scope.componentIds)
    where.push(`c.id = ANY($${params.length}::bigint[])`)
  }
  if (scope.activeOnly) where.push('p.active')
  return db.query<MetaCandidateRow>(
    `SELECT c.id, c.purl, c.internal FROM component c JOIN project p ON p.id = c.project_id
     WHERE ${where.join(' AND ')} ORDER BY c.id LIMIT $2`,
    params,
  )
}
