import { describe, expect, it } from 'vitest'
import { pascalCase } from './finding-export.ts'

describe('SARIF rule names', () => {
  it('are CWE names in PascalCase', () => {
    expect(pascalCase('Improper Input Validation')).toBe('ImproperInputValidation')
    expect(pascalCase("Improper Neutralization of Input During Web Page Generation ('XSS')")).toBe(
      'ImproperNeutralizationOfInputDuringWebPageGenerationXSS',
    )
    expect(pascalCase('')).toBe('')
  })
})
