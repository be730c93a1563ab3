import { fetchRepositoryMetadata } from '../domain/repositories/analysis.ts'
import type { RepositoryMetaPayload } from '../domain/repositories/jobs.ts'
import type { JobHandler } from './worker.ts'

export interface RepositoryMetaJobDeps {
  encryptionKey: Uint8Array
  /** LOOKOUT_REPOSITORY_METADATA: false makes every metadata job end at once. */
  repositoryMetadata?: boolean
}

function readPayload(payload: unknown) {
  const value = (payload ?? {}) as RepositoryMetaPayload
  const projectId = value.projectId === undefined ? undefined : Number(value.projectId)
  const componentIds = Array.isArray(value.componentIds)
    ? value.componentIds.map(Number).filter(Number.isSafeInteger)
    : undefined
  if (projectId === undefined && componentIds === undefined) {
    throw new Error('Repository metadata job without a project or components')
  }
  return { projectId, componentIds }
}

/** The metadata of a project's components or of some components (domain/repositories/analysis.ts). */
export const repositoryMetaJob =
  (deps: RepositoryMetaJobDeps): JobHandler =>
  async (payload, { db, logger, signal }) => {
    if (deps.repositoryMetadata === false) return
    const scope = readPayload(payload)
    const started = performance.now()
    const outcome = await fetchRepositoryMetadata({ db, logger, signal, ...deps }, scope)
    logger.info(
      {
        ...scope,
        componentIds: scope.componentIds?.length,
        ...outcome,
        ms: Math.round(performance.now() - started),
      },
      'repository metadata analysis done',
    )
  }

/** The scheduled run over every component with a purl in an active project, 1000 at a time. */
export const portfolioRepositoryMetaJob =
  (deps: RepositoryMetaJobDeps): JobHandler =>
  async (_payload, { db, logger, signal }) => {
    if (deps.repositoryMetadata === false) return
    const started = performance.now()
    const outcome = await fetchRepositoryMetadata(
      { db, logger, signal, ...deps },
      { activeOnly: true },
    )
    logger.info(
      { ...outcome, ms: Math.round(performance.now() - started) },
      'portfolio repository metadata analysis done',
    )
  }
