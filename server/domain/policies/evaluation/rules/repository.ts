import {
  decodeVersionDistance,
  parseIsoPeriod,
  type Period,
} from '../../../../../common/policy-conditions.ts'
import type { LocalDate, SubjectRule } from '../model.ts'
import { compareDistances, conditionDistances, type Distance } from '../version-distance.ts'
import { numericTest } from './operators.ts'

/**
 * AGE and VERSION_DISTANCE (dt-behaviour §3.3) read the package's repository metadata (§8.2):
 * a component whose package has no record (or no date, or no latest version) is skipped.
 */

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** java.time's LocalDate.plus(Period): months first (clamping the day), then days. */
export function plusPeriod(date: LocalDate, period: Period): LocalDate {
  const months = date.year * 12 + (date.month - 1) + period.years * 12 + period.months
  const year = Math.floor(months / 12)
  const month = months - year * 12 + 1
  const day = Math.min(date.day, daysInMonth(year, month))
  const shifted = new Date(Date.UTC(year, month - 1, day + period.days))
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  }
}

/** The calendar day of an instant in the server's time zone, as 4.13 takes it. */
export const localDateOf = (instant: Date): LocalDate => ({
  year: instant.getFullYear(),
  month: instant.getMonth() + 1,
  day: instant.getDate(),
})

const compareDates = (a: LocalDate, b: LocalDate) =>
  a.year - b.year || a.month - b.month || a.day - b.day

interface AgeCondition {
  test: (comparison: number) => boolean
  period: Period
  today: LocalDate
}

/**
 * published + period compared with today: older than the period (GREATER_THAN) when that date
 * has passed. Periods of zero or with a negative part are ignored, as java.time reads them.
 */
export const ageRule: SubjectRule<AgeCondition> = {
  prepare(operator, value, context) {
    const test = numericTest(operator)
    const period = parseIsoPeriod(value)
    if (!test || !period) return null
    const parts = [period.years, period.months, period.days]
    if (parts.some((part) => part < 0) || parts.every((part) => part === 0)) return null
    return { test, period, today: context.today }
  },
  violates(condition, component) {
    const published = component.repository?.published
    if (!component.purl || !published) return false
    const ageDate = plusPeriod(localDateOf(published), condition.period)
    return condition.test(compareDates(condition.today, ageDate))
  },
}

interface DistanceCondition {
  test: (comparison: number) => boolean
  distances: Distance[]
}

/** Direct dependencies only: a violation when any of the condition's distances satisfies OP. */
export const versionDistanceRule: SubjectRule<DistanceCondition> = {
  prepare(operator, value) {
    const test = numericTest(operator)
    const parts = decodeVersionDistance(value)
    const distances = parts && conditionDistances(parts)
    return test && distances ? { test, distances } : null
  },
  violates(condition, component) {
    const actual = component.repository?.distance
    if (!actual || !component.directDependency || !component.purl || !component.version) {
      return false
    }
    return condition.distances.some((distance) =>
      condition.test(compareDistances(actual, distance)),
    )
  },
}
