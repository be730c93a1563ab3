import { ANALYSIS_JOB } from '../domain/analysis/model.ts'
import { PORTFOLIO_ANALYSIS_JOB } from '../domain/analysis/triggers.ts'
import {
  ANALYSIS_CACHE_PURGE_JOB,
  purgeExpiredAnalysisCache,
} from '../domain/analysis/external/cache-purge.ts'
import { BOM_PROCESS_JOB } from '../domain/bom/jobs.ts'
import { LDAP_SYNC_ALL_JOB, LDAP_SYNC_USER_JOB } from '../domain/ldap/sync.ts'
import { VEX_PROCESS_JOB } from '../domain/vex/jobs.ts'
import { LICENSE_RESOLUTION_JOB } from '../domain/licenses/resolution.ts'
import {
  AGGREGATE_METRICS_JOB,
  PORTFOLIO_METRICS_JOB,
  PROJECT_METRICS_JOB,
  VULNERABILITY_METRICS_JOB,
} from '../domain/metrics/model.ts'
import { CLONE_JOB } from '../domain/projects/clone.ts'
import { POLICY_EVALUATION_JOB, POLICY_PORTFOLIO_EVALUATION_JOB } from '../domain/policies/model.ts'
import { MIRROR_JOB } from '../domain/vulnerabilities/mirror/run.ts'
import { PORTFOLIO_REPOSITORY_META_JOB, REPOSITORY_META_JOB } from '../domain/repositories/jobs.ts'
import {
  portfolioRepositoryMetaJob,
  repositoryMetaJob,
  type RepositoryMetaJobDeps,
} from './repository-metadata.ts'
import { API_KEY_USAGE_JOB, applyApiKeyUsage } from './api-key-usage.ts'
import { processBomJob, type BomJobDeps } from './bom-processing.ts'
import { ldapSyncJob, type LdapJobDeps } from './ldap-sync.ts'
import { licenseResolutionJob } from './license-resolution.ts'
import {
  aggregateMetricsJob,
  portfolioMetricsJob,
  projectMetricsJob,
  vulnerabilityMetricsJob,
} from './metrics.ts'
import { policyEvaluationJob, portfolioEvaluationJob } from './policy-evaluation.ts'
import { cloneProjectJob } from './project-clone.ts'
import { processVexJob } from './vex-processing.ts'
import { pruneFinishedJobs } from './queue.ts'
import {
  analysisJob,
  portfolioAnalysisJob,
  type AnalysisJobDeps,
} from './vulnerability-analysis.ts'
import { mirrorJob, type MirrorJobDeps } from './vulnerability-mirror.ts'
import type { JobHandler } from './worker.ts'

/**
 * The kinds that work through one project's inventory: a BOM upload's chain and what else asks
 * for them. A worker runs a limited number of them at once (LOOKOUT_WORKER_PROJECT_JOBS).
 */
export const PROJECT_JOBS = [
  BOM_PROCESS_JOB,
  VEX_PROCESS_JOB,
  ANALYSIS_JOB,
  POLICY_EVALUATION_JOB,
  PROJECT_METRICS_JOB,
]

/** Every kind of durable job a worker knows how to run. */
export function jobHandlers(
  deps: MirrorJobDeps & AnalysisJobDeps & LdapJobDeps & RepositoryMetaJobDeps & BomJobDeps,
): Record<string, JobHandler> {
  return {
    [MIRROR_JOB]: mirrorJob(deps),
    [API_KEY_USAGE_JOB]: applyApiKeyUsage,
    [CLONE_JOB]: cloneProjectJob,
    [BOM_PROCESS_JOB]: processBomJob(deps),
    [ANALYSIS_JOB]: analysisJob(deps),
    [PORTFOLIO_ANALYSIS_JOB]: portfolioAnalysisJob,
    [VEX_PROCESS_JOB]: processVexJob,
    [LICENSE_RESOLUTION_JOB]: licenseResolutionJob,
    [POLICY_EVALUATION_JOB]: policyEvaluationJob,
    [POLICY_PORTFOLIO_EVALUATION_JOB]: portfolioEvaluationJob,
    [LDAP_SYNC_ALL_JOB]: ldapSyncJob(deps),
    [LDAP_SYNC_USER_JOB]: ldapSyncJob(deps),
    [PROJECT_METRICS_JOB]: projectMetricsJob,
    [AGGREGATE_METRICS_JOB]: aggregateMetricsJob,
    [PORTFOLIO_METRICS_JOB]: portfolioMetricsJob,
    [VULNERABILITY_METRICS_JOB]: vulnerabilityMetricsJob,
    [REPOSITORY_META_JOB]: repositoryMetaJob(deps),
    [PORTFOLIO_REPOSITORY_META_JOB]: portfolioRepositoryMetaJob(deps),
    'job.prune': async (_payload, { db }) => pruneFinishedJobs(db, 7 * 86_400_000),
    [ANALYSIS_CACHE_PURGE_JOB]: async (_payload, { db }) => {
      await purgeExpiredAnalysisCache(db)
    },
  }
}
