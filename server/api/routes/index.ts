import type { AppContext } from '../../context.ts'
import type { Api } from '../types.ts'
import acl from './acl.ts'
import badge from './badge.ts'
import bom from './bom.ts'
import analysis from './analysis.ts'
import calculator from './calculator.ts'
import componentProperty from './component-property.ts'
import component from './component.ts'
import configProperty from './config-property.ts'
import cwe from './cwe.ts'
import dependencyGraph from './dependency-graph.ts'
import event from './event.ts'
import finding from './finding.ts'
import findingAnalyze from './finding-analyze.ts'
import licenseGroup from './license-group.ts'
import ldap from './ldap.ts'
import license from './license.ts'
import metrics from './metrics.ts'
import metricsProject from './metrics-project.ts'
import mirror from './mirror.ts'
import oidc from './oidc.ts'
import oidcUser from './oidc-user.ts'
import osvEcosystem from './osv-ecosystem.ts'
import permission from './permission.ts'
import policyBulk from './policy-bulk.ts'
import policyCondition from './policy-condition.ts'
import policy from './policy.ts'
import projectProperty from './project-property.ts'
import project from './project.ts'
import repository from './repository.ts'
import service from './service.ts'
import search from './search.ts'
import session from './session.ts'
import tag from './tag.ts'
import team from './team.ts'
import user from './user.ts'
import version from './version.ts'
import violationAnalysis from './violation-analysis.ts'
import violation from './violation.ts'
import vex from './vex.ts'
import vulnerabilityAssignment from './vulnerability-assignment.ts'
import vulnerabilityInternal from './vulnerability-internal.ts'
import vulnerability from './vulnerability.ts'

export interface RouteSecrets {
  encryptionKey: Uint8Array
}

/** One API family: a file in this folder whose default export registers its operations. */
export type RouteFamily = (app: Api, ctx: AppContext, secrets: RouteSecrets) => void

/**
 * Every family, registered by the /api plugin in this order. A static list (not a directory
 * scan) so the esbuild bundle holds every route; routes.test.ts fails when a file is missing.
 */
export const routeFamilies: Record<string, RouteFamily> = {
  version,
  user,
  session,
  team,
  permission,
  acl,
  configProperty,
  oidc,
  oidcUser,
  ldap,
  event,
  project,
  projectProperty,
  tag,
  component,
  componentProperty,
  dependencyGraph,
  service,
  bom,
  vulnerability,
  vulnerabilityInternal,
  vulnerabilityAssignment,
  cwe,
  calculator,
  mirror,
  osvEcosystem,
  finding,
  analysis,
  findingAnalyze,
  vex,
  policy,
  policyCondition,
  policyBulk,
  violation,
  violationAnalysis,
  license,
  licenseGroup,
  metrics,
  metricsProject,
  badge,
  search,
  repository,
}
