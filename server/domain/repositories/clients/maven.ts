import { XMLParser } from 'fast-xml-parser'
import { baseOf, found, get } from './fetch.ts'
import type { MetaClient } from './model.ts'

const parser = new XMLParser({
  processEntities: false,
  parseTagValue: false,
  ignoreDeclaration: true,
})

/** `lastUpdated` is yyyyMMddHHmmss in UTC. */
function lastUpdated(text: unknown): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(text ?? '').trim())
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match.map(Number)
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!))
}

/**
 * Maven: `{base}/{group path}/{artifact}/maven-metadata.xml` → `versioning/release` (4.13 uses
 * release only: a missing one stores nothing), published = `versioning/lastUpdated`.
 */
export const maven: MetaClient = async (repository, query, context) => {
  if (!query.namespace) return null
  const url = `${baseOf(repository.url)}/${query.namespace.replaceAll('.', '/')}/${encodeURIComponent(query.name)}/maven-metadata.xml`
  const response = await get(repository, url, context, { accept: 'application/xml, text/xml' })
  if (!response) return null
  const document = parser.parse(await response.text()) as {
    metadata?: { versioning?: { release?: unknown; lastUpdated?: unknown } }
  }
  const versioning = document.metadata?.versioning
  return found(versioning?.release, lastUpdated(versioning?.lastUpdated))
}
