import { describe, expect, it } from 'vitest'
import { autoCreatedProjectTeam } from './rules.ts'

describe('autoCreatedProjectTeam', () => {
  it('gives no team when the caller sees every project', () => {
    expect(autoCreatedProjectTeam({ teamIds: undefined })).toBeUndefined()
  })

  it("gives the caller's first team when access is limited to teams", () => {
    expect(autoCreatedProjectTeam({ teamIds: [7, 3] })).toBe(7)
  })

  it('answers null for a limited caller without teams, who could not reach the project', () => {
    expect(autoCreatedProjectTeam({ teamIds: [] })).toBeNull()
  })
})
