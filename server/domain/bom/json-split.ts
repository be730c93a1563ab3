import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'

/**
 * A JSON BOM split into its top-level members, with the large arrays (components, dependencies)
 * left as the text spans of their elements. Each element is then parsed, checked and converted
 * on its own, so a 100,000-component BOM never exists as one object graph (which would take
 * several times the size of the text). Together, the structural checks here and JSON.parse of
 * every span accept exactly the documents JSON.parse accepts.
 */
export interface SplitJsonBom {
  /** Every top-level member, the split arrays replaced by []. */
  root: Record<string, unknown>
  /** Split arrays: start and end offsets of each element, flattened as [start0, end0, …]. */
  arrays: Map<string, number[]>
  text: string
}

export class JsonSyntaxError extends Error {}

const SPLIT = new Set(['components', 'dependencies'])
const WHITESPACE = /[ \t\n\r]*/y

function skipWhitespace(text: string, position: number) {
  WHITESPACE.lastIndex = position
  WHITESPACE.test(text)
  return WHITESPACE.lastIndex
}

function fail(message: string, position: number): never {
  throw new JsonSyntaxError(`${message} in JSON at position ${position}`)
}

/** The end (exclusive) of the string starting at `start` (a quote). */
function stringEnd(text: string, start: number) {
  const length = text.length
  for (let i = start + 1; i < length; i++) {
    const char = text.charCodeAt(i)
    if (char === 92) i++
    else if (char === 34) return i + 1
  }
  return fail('Unterminated string', start)
}

/** The end (exclusive) of the value starting at `start`; its content is checked by JSON.parse. */
function valueEnd(text: string, start: number) {
  const length = text.length
  const first = text.charCodeAt(start)
  if (first === 34) return stringEnd(text, start)
  if (first !== 123 && first !== 91) {
    // A number, true, false or null: runs to the next delimiter.
    let i = start
    for (; i < length; i++) {
      const char = text.charCodeAt(i)
      if (char === 44 || char === 125 || char === 93 || char <= 32) break
    }
    if (i === start) fail(`Unexpected token ${text[start] ?? 'end'}`, start)
    return i
  }
  let depth = 0
  for (let i = start; i < length; i++) {
    const char = text.charCodeAt(i)
    if (char === 34) {
      for (i++; i < length; i++) {
        const inner = text.charCodeAt(i)
        if (inner === 92) i++
        else if (inner === 34) break
      }
    } else if (char === 123 || char === 91) {
      depth++
    } else if ((char === 125 || char === 93) && --depth === 0) {
      return i + 1
    }
  }
  return fail('Unexpected end of JSON input', length)
}

function parseSpan(text: string, start: number, end: number): unknown {
  try {
    return JSON.parse(text.slice(start, end))
  } catch (error) {
    throw new JsonSyntaxError(`${(error as Error).message} (in the value at position ${start})`)
  }
}

async function splitArray(
  text: string,
  start: number,
  slice: TimeSlice,
): Promise<{ end: number; spans: number[] }> {
  const spans: number[] = []
  let position = skipWhitespace(text, start + 1)
  if (text[position] === ']') return { end: position + 1, spans }
  for (;;) {
    const end = valueEnd(text, position)
    spans.push(position, end)
    if (slice.due) await slice.pause()
    position = skipWhitespace(text, end)
    const char = text[position]
    if (char === ']') return { end: position + 1, spans }
    if (char !== ',') fail(`Unexpected token ${char ?? 'end'}`, position)
    position = skipWhitespace(text, position + 1)
  }
}

/** Splits a JSON text whose first significant character is `{`, yielding between slices. */
export async function splitJsonBom(
  text: string,
  slice: TimeSlice = timeSlice(),
): Promise<SplitJsonBom> {
  const root: Record<string, unknown> = {}
  const arrays = new Map<string, number[]>()
  let position = skipWhitespace(text, 0)
  if (text[position] !== '{') fail('Expected an object', position)
  position = skipWhitespace(text, position + 1)
  if (text[position] === '}') {
    position++
  } else {
    for (;;) {
      if (text[position] !== '"') fail(`Unexpected token ${text[position] ?? 'end'}`, position)
      const keyEnd = stringEnd(text, position)
      const key = parseSpan(text, position, keyEnd) as string
      position = skipWhitespace(text, keyEnd)
      if (text[position] !== ':') fail(`Unexpected token ${text[position] ?? 'end'}`, position)
      position = skipWhitespace(text, position + 1)
      if (SPLIT.has(key) && text[position] === '[') {
        const { end, spans } = await splitArray(text, position, slice)
        arrays.set(key, spans)
        root[key] = []
        position = end
      } else {
        const end = valueEnd(text, position)
        root[key] = parseSpan(text, position, end)
        arrays.delete(key)
        position = end
      }
      position = skipWhitespace(text, position)
      if (text[position] === '}') {
        position++
        break
      }
      if (text[position] !== ',') fail(`Unexpected token ${text[position] ?? 'end'}`, position)
      position = skipWhitespace(text, position + 1)
    }
  }
  position = skipWhitespace(text, position)
  if (position < text.length) fail(`Unexpected non-whitespace character after JSON`, position)
  return { root, arrays, text }
}

/** Parses the elements of a split array one at a time. */
export function* splitElements(bom: SplitJsonBom, key: string): Generator<unknown> {
  const spans = bom.arrays.get(key)
  if (!spans) {
    const value = bom.root[key]
    if (Array.isArray(value)) yield* value
    return
  }
  for (let i = 0; i < spans.length; i += 2) yield parseSpan(bom.text, spans[i]!, spans[i + 1]!)
}

export function splitLength(bom: SplitJsonBom, key: string): number {
  const spans = bom.arrays.get(key)
  if (spans) return spans.length / 2
  const value = bom.root[key]
  return Array.isArray(value) ? value.length : 0
}
