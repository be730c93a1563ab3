import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { draftVectors } from './draft.ts'
import type { Choices, CvssV3Version } from './vectors.ts'

export interface CvssScoreView {
  baseScore: number
  impactSubScore?: number | null
  exploitabilitySubScore?: number | null
}

export interface OwaspScoreView {
  likelihoodScore: number
  technicalImpactScore: number
  businessImpactScore: number
  likelihood?: string
  technicalImpact?: string
  businessImpact?: string
}

export interface ScoresView {
  cvssV2?: CvssScoreView
  cvssV3?: CvssScoreView
  owasp?: OwaspScoreView
}

export const SCORES_ROUTE = '/resources/vulnerability-scores'

/** The calculators' choices in a form: fields named `cvssV2.AV`, `owasp.SL`, … */
function vectorsOf(form: HTMLFormElement) {
  const groups: Record<'cvssV2' | 'cvssV3' | 'owasp', Choices> = {
    cvssV2: {},
    cvssV3: {},
    owasp: {},
  }
  for (const [name, value] of new FormData(form)) {
    const [group, metric] = name.split('.')
    if (metric && typeof value === 'string' && value && group && group in groups) {
      groups[group as keyof typeof groups][metric] = value
    }
  }
  const version = new FormData(form).get('cvssV3Version') === '3.0' ? '3.0' : '3.1'
  return draftVectors({ ...groups, cvssV3Version: version as CvssV3Version })
}

function queryOf(form: HTMLFormElement) {
  const vectors = vectorsOf(form)
  return new URLSearchParams(
    Object.entries(vectors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString()
}

/**
 * With JavaScript the calculators score as the reader chooses: on every change the complete
 * vectors go to the scores route (which asks the API's calculator) and the answer replaces the
 * scores the server rendered. Without JavaScript the Calculate button does the same round trip.
 */
export function useLiveScores(form: RefObject<HTMLFormElement | null>, initial: ScoresView) {
  const fetcher = useFetcher<ScoresView>()
  const [scores, setScores] = useState(initial)
  const asked = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (fetcher.data && fetcher.state === 'idle') setScores(fetcher.data)
  }, [fetcher.data, fetcher.state])

  // The scores rendered with the form belong to the vectors it starts with.
  useEffect(() => {
    if (form.current) asked.current = queryOf(form.current)
  }, [form])

  const { load } = fetcher
  const onChange = useCallback(() => {
    if (!form.current) return
    const query = queryOf(form.current)
    if (query === asked.current) return
    asked.current = query
    if (query) load(`${SCORES_ROUTE}?${query}`)
    else setScores({})
  }, [form, load])

  return { scores, onChange }
}
