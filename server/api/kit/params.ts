import { z } from 'zod'
import { UuidParam as ValidUuid } from '../../domain/projects/input.ts'

/** Any RFC 9562 UUID, in either case (most path parameters). */
export const Uuid = z.uuid({ message: 'Invalid UUID' })
/** Dependency-Track's @ValidUuid: lower-case, versions 1 to 5 (project paths). */
export { ValidUuid }

export const UuidParams = z.object({ uuid: Uuid })
export const ValidUuidParams = z.object({ uuid: ValidUuid })
