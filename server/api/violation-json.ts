import type { PolicyViolation, ViolationAnalysis } from '../../common/policy-shapes.ts'
import type {
  ViolationAnalysisCommentRow,
  ViolationAnalysisRow,
} from '../data/violation-analyses.ts'
import type { ProjectWithTags } from '../domain/components/project-refs.ts'
import type { ViolationView } from '../domain/violations/queries.ts'
import { componentJson } from './component-json.ts'

type Condition = PolicyViolation['policyCondition']

const opt = <T>(value: T | null | undefined) => value ?? undefined

/** ViolationAnalysis (§3.15): state, suppression and the trail oldest first. */
export function violationAnalysisJson(
  analysis: Pick<ViolationAnalysisRow, 'state' | 'suppressed'>,
  comments: readonly ViolationAnalysisCommentRow[],
): ViolationAnalysis {
  return {
    analysisState: analysis.state as ViolationAnalysis['analysisState'],
    analysisComments: comments.map((comment) => ({
      timestamp: new Date(comment.timestamp).getTime(),
      comment: comment.comment,
      commenter: opt(comment.commenter),
    })),
    isSuppressed: analysis.suppressed,
  }
}

/** PolicyViolation (§3.14) with its condition's policy and, when there is one, its analysis. */
export function violationJson(
  view: ViolationView,
  projects: ReadonlyMap<string, ProjectWithTags>,
): PolicyViolation {
  const { row } = view
  const {
    project: _project,
    expandDependencyGraph: _expand,
    ...component
  } = componentJson(view.component, projects)
  return {
    uuid: row.uuid,
    type: row.type as PolicyViolation['type'],
    timestamp: new Date(row.timestamp).getTime(),
    text: opt(row.text),
    project: { uuid: row.project_uuid, name: row.project_name, version: opt(row.project_version) },
    component,
    policyCondition: {
      uuid: row.condition_uuid,
      subject: row.condition_subject as Condition['subject'],
      operator: row.condition_operator as Condition['operator'],
      value: row.condition_value,
      policy: {
        uuid: row.policy_uuid,
        name: row.policy_name,
        operator: row.policy_operator as Condition['policy']['operator'],
        violationState: row.policy_violation_state as Condition['policy']['violationState'],
        includeChildren: row.policy_include_children,
        onlyLatestProjectVersion: row.policy_only_latest_project_version,
        global: row.policy_global,
      },
    },
    analysis:
      row.analysis_id === null
        ? undefined
        : violationAnalysisJson(
            { state: row.analysis_state!, suppressed: row.analysis_suppressed! },
            view.comments,
          ),
  }
}

export const violationsJson =
  (projects: ReadonlyMap<string, ProjectWithTags>) => (view: ViolationView) =>
    violationJson(view, projects)
