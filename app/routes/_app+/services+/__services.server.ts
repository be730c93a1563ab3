import { z } from 'zod'
import type { Service } from '~/api/services.server.ts'
import { listParamsSchema } from '~/components/list-kit/url-state.ts'

/** The Services tab's state lives in the URL: search, sort and page survive reloads and work without JavaScript. */
export const ServiceListParamsSchema = listParamsSchema([
  'name',
  'version',
  'lastInheritedRiskScore',
])

const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'services.form.tooLong')
    .optional()
    .transform((value) => value?.trim() || undefined)

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on')

/** The Identity tab of the Service Details dialog. */
export const ServiceFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'services.form.tooLong'),
  version: optionalText(255),
  group: optionalText(255),
  description: optionalText(1024),
  authenticated: checkbox,
  crossesTrustBoundary: checkbox,
})
export type ServiceFormValues = z.infer<typeof ServiceFormSchema>

/**
 * POST /service replaces every writable field: the edited identity goes back together with
 * everything the form does not show (provider, endpoints, data, references), as 4.13 sends it.
 */
export function mergeServiceEdits(service: Service, values: ServiceFormValues): Service {
  return {
    ...service,
    name: values.name,
    version: values.version,
    group: values.group,
    description: values.description,
    authenticated: values.authenticated,
    crossesTrustBoundary: values.crossesTrustBoundary,
    endpoints: service.endpoints ?? [],
  }
}
