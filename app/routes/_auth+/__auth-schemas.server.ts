import { z } from 'zod'

/** Messages are translation keys, so client and server report the same, translated, errors. */
export const LoginFormSchema = z.object({
  username: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  redirectTo: z.string().optional(),
})

export const ChangePasswordFormSchema = z
  .object({
    username: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
    password: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    newPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    redirectTo: z.string().optional(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsMatch',
  })
