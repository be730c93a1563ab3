import { describe, expect, it } from 'vitest'
import { nulViolations } from './nul.ts'

describe('nulViolations', () => {
  it('names every place that holds a NUL character, keys included', () => {
    const found = nulViolations({ name: 'a\u0000b', tags: [{ n: 'ok' }, { n: '\u0000' }] }, 'body')
    expect(found.map((violation) => violation.path).sort()).toEqual(['body.name', 'body.tags.1.n'])
    expect(found.find((violation) => violation.path === 'body.name')?.invalidValue).toBe(
      'a\\u0000b',
    )
  })

  it('never echoes the value of a field that may hold a secret', () => {
    const found = nulViolations(
      { newPassword: 'hunter2\u0000', apiKey: 'odt_\u0000', propertyValue: 'x\u0000' },
      'body',
    )
    const echoed = Object.fromEntries(found.map((violation) => [violation.path, violation]))
    expect(echoed['body.newPassword']).not.toHaveProperty('invalidValue')
    expect(echoed['body.apiKey']).not.toHaveProperty('invalidValue')
    expect(echoed['body.propertyValue']?.invalidValue).toBe('x\\u0000')
  })
})
