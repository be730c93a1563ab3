import { z } from 'zod'
import { checkbox } from '~/utils/settings-form.ts'

/** The forms of the three user pages (dt-screens §19.7). Messages are translation keys. */

const required = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required')
const bounded = required.max(255, 'accessKit.validation.tooLong')
const password = z.string({ error: 'validation.required' }).min(1, 'validation.required')

export const UsernameFormSchema = z.object({ username: bounded })

const ProfileFields = {
  fullname: bounded,
  email: bounded.pipe(z.email('validation.email')),
  forcePasswordChange: checkbox,
  nonExpiryPassword: checkbox,
}

const passwordsMatch = (value: { newPassword: string; confirmPassword: string }) =>
  value.newPassword === value.confirmPassword
const mismatch = { path: ['confirmPassword'], message: 'validation.passwordsMatch' }

/** Create User (managed): 4.13's fields and switches; a new user is never suspended. */
export const CreateManagedUserSchema = z
  .object({
    username: bounded,
    ...ProfileFields,
    newPassword: password,
    confirmPassword: password,
  })
  .refine(passwordsMatch, mismatch)

/** A managed user's row editor: saved as it changes, every flag each time (4.13 overwrites all). */
export const ProfileFormSchema = z.object({ ...ProfileFields, suspended: checkbox })
export type ProfileForm = z.infer<typeof ProfileFormSchema>

/** Change Password: both fields, equal (4.13 silently ignores a mismatch; Lookout says so). */
export const PasswordFormSchema = z
  .object({ newPassword: password, confirmPassword: password })
  .refine(passwordsMatch, mismatch)
