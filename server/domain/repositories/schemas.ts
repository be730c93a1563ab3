import { z } from 'zod'
import { RepositoryType } from '../../../common/repository-shapes.ts'
import { trimToNull } from '../components/schemas.ts'

/** Request bodies of /repository as 4.13 validates them (identifier and url not blank). */

const notBlank = (max: number) =>
  z.preprocess(
    trimToNull,
    z.string({ error: 'must not be blank' }).max(max, `size must be between 1 and ${max}`),
  )
const flag = z.boolean().nullish()
const optionalText = z.preprocess(trimToNull, z.string().nullish())

const RepositoryFields = {
  identifier: notBlank(255),
  url: notBlank(2048),
  enabled: flag,
  internal: flag,
  authenticationRequired: flag,
  username: optionalText,
  /** Taken as sent (a password may start or end with spaces); never serialised. */
  password: z.string().nullish(),
}

export const CreateRepositoryBody = z.object({ type: RepositoryType, ...RepositoryFields }).loose()
export type CreateRepositoryInput = z.infer<typeof CreateRepositoryBody>

export const UpdateRepositoryBody = z
  .object({ uuid: z.string().nullish(), ...RepositoryFields })
  .loose()
export type UpdateRepositoryInput = z.infer<typeof UpdateRepositoryBody>
