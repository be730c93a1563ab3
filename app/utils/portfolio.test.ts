import { describe, expect, it } from 'vitest'
import { CLASSIFIERS as API_CLASSIFIERS } from '../../common/dt-vocabulary.ts'
import { CLASSIFIERS } from './portfolio.ts'

describe('CLASSIFIERS (console order)', () => {
  it('lists the API’s classifiers with NONE first and the rest by label, as the 4.13 console', () => {
    expect(CLASSIFIERS).toEqual([
      'NONE',
      'APPLICATION',
      'CONTAINER',
      'DATA',
      'DEVICE',
      'DEVICE_DRIVER',
      'FILE',
      'FIRMWARE',
      'FRAMEWORK',
      'LIBRARY',
      'MACHINE_LEARNING_MODEL',
      'OPERATING_SYSTEM',
      'PLATFORM',
    ])
    expect([...CLASSIFIERS].sort()).toEqual([...API_CLASSIFIERS].sort())
  })
})
