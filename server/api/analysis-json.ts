import { z } from 'zod'
import type { Analysis } from '../../common/finding-shapes.ts'
import type { AnalysisCommentRow, AnalysisRow } from '../data/analyses.ts'
import type { AnalysisRuleRow } from '../data/analysis-rules.ts'

const opt = <T>(value: T | null | undefined) => value ?? undefined

/** Analysis (dt-api-portfolio §3.11): the trail oldest first, nulls left out. */
export function analysisJson(analysis: AnalysisRow, comments: AnalysisCommentRow[]): Analysis {
  return {
    analysisState: analysis.state as Analysis['analysisState'],
    analysisJustification: opt(analysis.justification) as Analysis['analysisJustification'],
    analysisResponse: opt(analysis.response) as Analysis['analysisResponse'],
    analysisDetails: opt(analysis.details),
    analysisComments: comments.map((comment) => ({
      timestamp: new Date(comment.timestamp).getTime(),
      comment: comment.comment,
      commenter: opt(comment.commenter),
    })),
    isSuppressed: analysis.suppressed,
  }
}

/** Beyond 4.13: a decision for every version of a project or for the portfolio. */
export const AnalysisRuleJson = z.object({
  uuid: z.string(),
  scope: z.enum(['PROJECT', 'PORTFOLIO']),
  projectName: z.string().optional(),
  componentKey: z.string(),
  vulnerability: z.object({ uuid: z.string(), source: z.string(), vulnId: z.string() }),
  analysisState: z.string(),
  analysisJustification: z.string().optional(),
  analysisResponse: z.string().optional(),
  analysisDetails: z.string().optional(),
  isSuppressed: z.boolean(),
  decidedBy: z.string().optional(),
  created: z.number(),
  updated: z.number(),
})

export function analysisRuleJson(rule: AnalysisRuleRow): z.infer<typeof AnalysisRuleJson> {
  return {
    uuid: rule.uuid,
    scope: rule.scope,
    projectName: opt(rule.project_name),
    componentKey: rule.component_key,
    vulnerability: {
      uuid: rule.vulnerability_uuid,
      source: rule.vulnerability_source,
      vulnId: rule.vulnerability_vuln_id,
    },
    analysisState: rule.state,
    analysisJustification: opt(rule.justification),
    analysisResponse: opt(rule.response),
    analysisDetails: opt(rule.details),
    isSuppressed: rule.suppressed,
    decidedBy: opt(rule.created_by),
    created: new Date(rule.created_at).getTime(),
    updated: new Date(rule.updated_at).getTime(),
  }
}
