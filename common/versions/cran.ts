import { compareDigits, type Ordering } from './ordering.ts'

/** R's numeric_version: non-negative integers separated by "." or "-"; more parts is greater. */
export const cran: Ordering<string[]> = {
  parse(version) {
    const value = version.trim()
    return /^\d+(?:[.-]\d+)*$/.test(value) ? value.split(/[.-]/) : undefined
  },
  compare(a, b) {
    const common = Math.min(a.length, b.length)
    for (let i = 0; i < common; i++) {
      const diff = compareDigits(a[i]!, b[i]!)
      if (diff !== 0) return diff
    }
    return Math.sign(a.length - b.length)
  },
}
