import { z } from 'zod'

/** Pieces of the settings pages' forms (vulnerability sources, analyzers). */

/** A checkbox: "on" when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true')

export const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '')

export const url = text.refine(
  (value) => value === '' || URL.canParse(value),
  'vulnSources.validation.url',
)

/** Settings as the form shows them: checkboxes "on", everything else text. */
export type FormValues = Record<string, string | undefined>

/** A stored boolean setting as a checkbox value. */
export const tick = (value: string | undefined, fallback = false) =>
  (value === undefined ? fallback : value === 'true') ? 'on' : undefined
