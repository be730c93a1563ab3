import { validationError, type BeanValidationError } from './errors.ts'

const NUL = '\u0000'
const NUL_MESSAGE = 'must not contain NUL characters'

/**
 * The places in a value where a string holds a NUL character, which no Dependency-Track column
 * can store (PostgreSQL refuses it in text). Object keys count too. Walks without recursion so a
 * deeply nested body cannot exhaust the stack.
 */
export function nulViolations(value: unknown, root: string): BeanValidationError[] {
  const found: BeanValidationError[] = []
  const pending: Array<[unknown, string]> = [[value, root]]
  while (pending.length > 0) {
    const [item, path] = pending.pop()!
    if (typeof item === 'string') {
      if (item.includes(NUL)) found.push(nulViolation(path, item))
    } else if (Array.isArray(item)) {
      item.forEach((member, index) => pending.push([member, `${path}.${index}`]))
    } else if (item !== null && typeof item === 'object') {
      for (const [key, member] of Object.entries(item)) {
        if (key.includes(NUL)) found.push(nulViolation(path, key))
        pending.push([member, `${path}.${key}`])
      }
    }
  }
  return found
}

// Validation answers echo the refused value; never for a field that may hold a secret.
const SECRET_FIELD = /(password|secret|token|key)[^.]*$/i

function nulViolation(path: string, invalidValue: string): BeanValidationError {
  return {
    message: NUL_MESSAGE,
    messageTemplate: '{lookout.validation.nul}',
    path,
    ...(SECRET_FIELD.test(path) ? {} : { invalidValue: invalidValue.replaceAll(NUL, '\\u0000') }),
  }
}

/** Throws the validation answer when any named value holds a NUL character. */
export function rejectNul(values: Record<string, unknown>) {
  const found = Object.entries(values).flatMap(([path, value]) => nulViolations(value, path))
  if (found.length > 0) throw validationError(found)
}
