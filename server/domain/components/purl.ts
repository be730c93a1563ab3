import { PackageURL } from 'packageurl-js'

export interface ParsedPurl {
  /** Canonical form, qualifiers and subpath included. */
  purl: string
  /** Canonical form without qualifiers and subpath. */
  coordinates: string
}

export function parsePurl(text: string | null | undefined): ParsedPurl | undefined {
  if (!text) return undefined
  try {
    const purl = PackageURL.fromString(text)
    const coordinates = new PackageURL(
      purl.type,
      purl.namespace,
      purl.name,
      purl.version,
      undefined,
      undefined,
    )
    return { purl: purl.toString(), coordinates: coordinates.toString() }
  } catch {
    return undefined
  }
}

/** Stored purls serialize canonically; an unparsable one is left out of the JSON. */
export const canonicalPurl = (text: string | null | undefined) => parsePurl(text)?.purl
