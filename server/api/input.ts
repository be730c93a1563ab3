import { z } from 'zod'
import { NAME_MAX, sizeMessage } from '../domain/column-sizes.ts'

export {
  DESCRIPTION_MAX,
  NAME_MAX,
  PURL_MAX,
  exceeds,
  sizeMessage,
} from '../domain/column-sizes.ts'

/*
 * Building blocks for request schemas at the trust boundary. Column sizes are Dependency-Track's
 * (VARCHAR(255) for names, versions, tag names and usernames). NUL characters are refused for
 * every route by the input guard (server/http/input-guard.ts).
 */
/** Java's Integer.MAX_VALUE: Dependency-Track parses numeric parameters as int. */
export const JAVA_INT_MAX = 2_147_483_647

/** A string of at most `max` characters, refused with Bean Validation's @Size message. */
export const boundedString = (max: number, min = 0) =>
  z.string().min(min, sizeMessage(min, max)).max(max, sizeMessage(min, max))

export const NameString = boundedString(NAME_MAX)
export const VersionString = boundedString(NAME_MAX)
export const TagNameString = boundedString(NAME_MAX)
export const UsernameString = boundedString(NAME_MAX)

/** An integer within bounds, refused with Bean Validation's @Min/@Max messages. */
export const boundedInt = (min = 0, max = JAVA_INT_MAX) =>
  z
    .number()
    .int()
    .min(min, `must be greater than or equal to ${min}`)
    .max(max, `must be less than or equal to ${max}`)
