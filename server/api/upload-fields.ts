import { problem } from '../lib/errors.ts'

export const BODY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

// Standard Base64; line breaks (as `base64` writes them) are tolerated.
export const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/

/** Optional JSON fields of the upload requests: `null` reads as absent. */
export const orUndefined = (value: string | null | undefined) => value ?? undefined

/** Jackson's longest string, which bounds Dependency-Track's Base64 documents (dt-behaviour §0.1). */
export const MAX_BASE64_CHARS = 20_000_000

/** Refuses a Base64 `BOM` or `VEX` too long for Dependency-Track's JSON upload, naming the way out. */
export function checkBase64Length(value: string, what: 'BOM' | 'VEX') {
  if (value.length <= MAX_BASE64_CHARS) return
  throw problem(
    400,
    'The provided JSON payload could not be mapped',
    `The ${what} is longer than ${MAX_BASE64_CHARS} Base64 characters; ` +
      `upload it as multipart/form-data with POST /api/v1/${what.toLowerCase()} instead.`,
  )
}
