/** Job kinds of the repository metadata analysis (handlers: server/jobs/repository-metadata.ts). */
export const REPOSITORY_META_JOB = 'repository.metadata'
export const PORTFOLIO_REPOSITORY_META_JOB = 'repository.metadata.portfolio'

export interface RepositoryMetaPayload {
  projectId?: number
  componentIds?: number[]
}
