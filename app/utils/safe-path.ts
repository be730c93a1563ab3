/** A local path to send the reader back to after a form post; anything else becomes fallback. */
export function localPath(value: FormDataEntryValue | null, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback
  if (value.includes('\\')) return fallback
  return value
}
