import { z } from 'zod'
import { endOfDayUtc } from '~/components/access/key-expiry.ts'

/** The forms of the Teams page (dt-screens §19.7). Messages are translation keys. */

export const TeamNameSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'accessKit.validation.tooLong'),
})

/** Empty (absent once Conform has read the form) clears the comment. */
const comment = z.string().max(255, 'accessKit.validation.tooLong').optional()

/**
 * An expiry date from `<input type="date">`: empty means never; a day before today (UTC) is
 * refused here already, the API refuses a past instant too.
 */
const expiryDate = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined
    const expires = endOfDayUtc(value)
    if (expires === undefined) {
      context.addIssue({ code: 'custom', message: 'teamAdmin.keys.invalidDate' })
      return z.NEVER
    }
    if (expires < Date.now()) {
      context.addIssue({ code: 'custom', message: 'teamAdmin.keys.pastDate' })
      return z.NEVER
    }
    return expires
  })

/** Create API key: an optional expiry (beyond 4.13) and an optional comment. */
export const CreateKeySchema = z.object({ expires: expiryDate, comment })

/** API key comment (4.13's modal): up to 255 characters, empty clears it. */
export const KeyCommentSchema = z.object({ publicId: z.string().min(1), comment })

/** Key expiry (beyond 4.13): a new date, or empty for never. */
export const KeyExpirySchema = z.object({ publicId: z.string().min(1), expires: expiryDate })
