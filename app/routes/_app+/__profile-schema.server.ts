import { z } from 'zod'

const required = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required')

export const ProfileFormSchema = z
  .object({
    fullname: required,
    email: required.pipe(z.email('validation.email')),
    newPassword: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((value) => (value.newPassword ?? '') === (value.confirmPassword ?? ''), {
    path: ['confirmPassword'],
    message: 'validation.passwordsMatch',
  })
