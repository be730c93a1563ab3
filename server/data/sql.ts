import { accessCondition, type ProjectAccess } from './project-access.ts'

/** Collects $n parameters while a statement is assembled (the one helper every data module uses). */
export class SqlParams {
  readonly values: unknown[] = []
  add(value: unknown) {
    this.values.push(value)
    return `$${this.values.length}`
  }
  /** The accessible-projects condition on a project alias. */
  access(access: ProjectAccess, alias: string) {
    const condition = accessCondition(access, alias, this.values.length + 1)
    this.values.push(...condition.params)
    return condition.sql
  }
}

/** Text with LIKE's wildcards (and its escape character) taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A LIKE pattern matching text anywhere, with LIKE's wildcards taken literally. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`
