import { z } from 'zod'
import { BODY_UUID, isValidUuid, UuidParam as ValidUuid } from '../../domain/projects/input.ts'

/** Any RFC 9562 UUID, in either case (most path parameters). */
export const Uuid = z.uuid({ message: 'Invalid UUID' })
/** Dependency-Track's @ValidUuid: lower-case, versions 1 to 5 (project paths). */
export { ValidUuid }

export const UuidParams = z.object({ uuid: Uuid })
export const ValidUuidParams = z.object({ uuid: ValidUuid })

/** A query UUID checked as 4.13's ValidationTask does: one message when missing or malformed. */
export const validUuidQuery = (message: string) =>
  z.string({ error: message }).refine((value) => isValidUuid(value), message)

/** A UUID inside a request body (VO classes): "The <name> must be a valid 36 character UUID". */
export const bodyUuid = (name: string) => {
  const message = `The ${name} must be a valid 36 character UUID`
  return z.string({ error: message }).regex(BODY_UUID, message)
}

const PRINTABLE = /^(?:[^\p{Cc}]|[\t\r\n])*$/u

/** Optional free text that may only hold printable characters (tabs and line breaks allowed). */
export const printableText = (message: string) => z.string().regex(PRINTABLE, message).nullish()
