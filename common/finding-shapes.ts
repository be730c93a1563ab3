import { z } from 'zod'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  ANALYZER_IDENTITIES,
} from './dt-vocabulary.ts'
import { CweShape, VulnerabilityAliasShape } from './vulnerability-shapes.ts'

/**
 * Dependency-Track 4.13's finding and audit JSON (dt-api-portfolio §3.11, §5.1, §5.1b). The
 * server serialises through these; the console reads them with `.loose()`. Keys absent when
 * null, except where a comment says otherwise. Dates are epoch milliseconds.
 */
export const FindingComponentShape = z.object({
  uuid: z.string(),
  name: z.string(),
  group: z.string().optional(),
  version: z.string().optional(),
  purl: z.string().optional(),
  cpe: z.string().optional(),
  project: z.string(),
  latestVersion: z.string().optional(),
  /** Portfolio variant (`GET /finding`) only. */
  projectName: z.string().optional(),
  projectVersion: z.string().optional(),
})

export const FindingVulnerabilityShape = z.object({
  uuid: z.string(),
  source: z.string(),
  vulnId: z.string(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  /** In the portfolio variant always present, `null` when empty. */
  description: z.string().nullable().optional(),
  recommendation: z.string().nullable().optional(),
  cvssV2BaseScore: z.number().optional(),
  cvssV3BaseScore: z.number().optional(),
  /** Beyond 4.13. */
  cvssV4Score: z.number().optional(),
  owaspLikelihoodScore: z.number().optional(),
  owaspTechnicalImpactScore: z.number().optional(),
  owaspBusinessImpactScore: z.number().optional(),
  severity: z.string(),
  severityRank: z.number(),
  epssScore: z.number().optional(),
  epssPercentile: z.number().optional(),
  cweId: z.number().optional(),
  cweName: z.string().optional(),
  cwes: z.array(CweShape).optional(),
  /** Project variant: only the non-blank id keys; portfolio variant: full aliases without uuid. */
  aliases: z.array(VulnerabilityAliasShape),
  /** Portfolio variant only. */
  published: z.number().optional(),
  /** Beyond 4.13: CISA lists the flaw as known exploited. */
  kev: z.boolean().optional(),
})

export const FindingAnalysisShape = z.object({
  state: z.enum(ANALYSIS_STATES).optional(),
  isSuppressed: z.boolean(),
})

export const FindingAttributionShape = z.object({
  analyzerIdentity: z.enum(ANALYZER_IDENTITIES),
  attributedOn: z.number(),
  alternateIdentifier: z.string().optional(),
  referenceUrl: z.string().optional(),
})

export const FindingShape = z.object({
  component: FindingComponentShape,
  vulnerability: FindingVulnerabilityShape,
  analysis: FindingAnalysisShape,
  attribution: FindingAttributionShape,
  /** `<projectUuid>:<componentUuid>:<vulnerabilityUuid>` */
  matrix: z.string(),
})
export type Finding = z.infer<typeof FindingShape>

export const GroupedFindingShape = z.object({
  vulnerability: z.object({
    source: z.string(),
    vulnId: z.string(),
    title: z.string().optional(),
    severity: z.string(),
    cvssV2BaseScore: z.number().optional(),
    cvssV3BaseScore: z.number().optional(),
    published: z.number().optional(),
    cwes: z.array(CweShape).optional(),
    affectedProjectCount: z.number(),
  }),
  attribution: z.object({ analyzerIdentity: z.enum(ANALYZER_IDENTITIES) }),
})
export type GroupedFinding = z.infer<typeof GroupedFindingShape>

export const AnalysisCommentShape = z.object({
  timestamp: z.number(),
  comment: z.string(),
  commenter: z.string().optional(),
})
export type AnalysisComment = z.infer<typeof AnalysisCommentShape>

/** §3.11; project/component/vulnerability are never serialised. */
export const AnalysisShape = z.object({
  analysisState: z.enum(ANALYSIS_STATES),
  analysisJustification: z.enum(ANALYSIS_JUSTIFICATIONS).optional(),
  analysisResponse: z.enum(ANALYSIS_RESPONSES).optional(),
  analysisDetails: z.string().optional(),
  analysisComments: z.array(AnalysisCommentShape),
  isSuppressed: z.boolean(),
})
export type Analysis = z.infer<typeof AnalysisShape>

/** `PUT /analysis` body (§4.11). Absent state/justification/response mean NOT_SET. */
export const AnalysisRequestShape = z.object({
  project: z.string().optional(),
  component: z.string(),
  vulnerability: z.string(),
  analysisState: z.enum(ANALYSIS_STATES).nullable().optional(),
  analysisJustification: z.enum(ANALYSIS_JUSTIFICATIONS).nullable().optional(),
  analysisResponse: z.enum(ANALYSIS_RESPONSES).nullable().optional(),
  analysisDetails: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  isSuppressed: z.boolean().nullable().optional(),
})
export type AnalysisRequest = z.infer<typeof AnalysisRequestShape>
