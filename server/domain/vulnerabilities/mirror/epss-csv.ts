import readline from 'node:readline'
import type { Readable } from 'node:stream'
import type { EpssScoreRow } from '../../../data/epss-scores.ts'

export class EpssFormatError extends Error {}

const CVE_ID = /^CVE-\d{4}-\d{4,}$/
const HEADER = 'cve,epss,percentile'

const probability = (text: string | undefined) => {
  const value = Number(text)
  return text !== undefined && text.trim() !== '' && value >= 0 && value <= 1 ? value : undefined
}

/**
 * The rows of FIRST's daily EPSS file: an optional `#model_version:…,score_date:…` comment, the
 * `cve,epss,percentile` header, then one CVE per line. The data is plain (ids and decimals, no
 * quoting), so lines are split directly; anything else fails with its line number.
 */
export async function* epssRows(input: Readable): AsyncGenerator<EpssScoreRow> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity })
  let lineNumber = 0
  let header = false
  for await (const raw of lines) {
    lineNumber++
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '').trim() : raw.trim()
    if (line === '' || line.startsWith('#')) continue
    if (!header) {
      if (line.toLowerCase() !== HEADER) {
        throw new EpssFormatError(
          `not an EPSS scores CSV: line ${lineNumber} should be the header "${HEADER}"`,
        )
      }
      header = true
      continue
    }
    const [cveId, score, percentile, extra] = line.split(',')
    const row = {
      cveId: cveId ?? '',
      score: probability(score),
      percentile: probability(percentile),
    }
    if (
      !CVE_ID.test(row.cveId) ||
      row.score === undefined ||
      row.percentile === undefined ||
      extra !== undefined
    ) {
      throw new EpssFormatError(
        `EPSS CSV line ${lineNumber} is not "CVE id,score,percentile": ${line.slice(0, 100)}`,
      )
    }
    yield row as EpssScoreRow
  }
  if (!header) throw new EpssFormatError(`not an EPSS scores CSV: no "${HEADER}" header`)
}
