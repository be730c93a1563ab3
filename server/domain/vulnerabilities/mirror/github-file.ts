import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

const SHAPES =
  'a GraphQL response ({"data": {"securityAdvisories": {"nodes": [...]}}}), an array of such ' +
  'responses or of advisories, or JSON Lines of any of these'

/**
 * The advisories of an uploaded GitHub Advisories dump, one at a time. Accepted shapes:
 * - a GraphQL response of the `securityAdvisories` query, `{"data": {"securityAdvisories":
 *   {"nodes": [advisory, ...]}}}` (`edges: [{node}]` works too), as the API answers a page;
 * - a JSON array of such responses (several pages) or of advisories (the `nodes` entries);
 * - JSON Lines: one response, array or advisory per line, read line by line so a large dump
 *   never has to fit in memory at once.
 * An advisory has the API's fields (`ghsaId`, `summary`, `severity`, `updatedAt`,
 * `vulnerabilities { nodes { package { ecosystem name } vulnerableVersionRange } }`, ...).
 * Anything else throws an Error that says what was expected.
 */
export async function* githubAdvisoriesInFile(file: string): AsyncGenerator<unknown> {
  const name = path.basename(file)
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  })
  let jsonLines: boolean | undefined
  const whole: string[] = []
  let lineNumber = 0
  for await (const line of lines) {
    lineNumber++
    if (jsonLines === false) {
      whole.push(line)
      continue
    }
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      if (jsonLines) throw new Error(`${name}: line ${lineNumber} is not JSON (expected ${SHAPES})`)
      jsonLines = false
      whole.push(line)
      continue
    }
    jsonLines = true
    yield* advisoriesIn(value, name)
  }
  if (jsonLines === undefined) throw new Error(`${name} is empty (expected ${SHAPES})`)
  if (jsonLines) return
  let document: unknown
  try {
    document = JSON.parse(whole.join('\n'))
  } catch {
    throw new Error(`${name} is not JSON (expected ${SHAPES})`)
  }
  yield* advisoriesIn(document, name)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function* connectionEntries(connection: unknown): Generator<unknown> {
  if (!isObject(connection)) return
  if (Array.isArray(connection.nodes)) yield* connection.nodes
  else if (Array.isArray(connection.edges)) {
    for (const edge of connection.edges) yield isObject(edge) ? edge.node : edge
  }
}

function* advisoriesIn(value: unknown, name: string): Generator<unknown> {
  if (Array.isArray(value)) {
    for (const item of value) yield* advisoriesIn(item, name)
    return
  }
  if (isObject(value)) {
    const data = isObject(value.data) ? value.data : value
    if (isObject(data.securityAdvisories)) {
      yield* connectionEntries(data.securityAdvisories)
      return
    }
    if ('ghsaId' in value || (typeof value.id === 'string' && /^GHSA-/i.test(value.id))) {
      yield value
      return
    }
    if (Array.isArray(value.errors)) {
      throw new Error(`${name} holds a GraphQL error response, not advisories`)
    }
  }
  throw new Error(`${name} is not a GitHub Advisories dump (expected ${SHAPES})`)
}
