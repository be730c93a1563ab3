import { BomConverter, type InternalMatcher } from './convert.ts'
import { invalidBomFrom, InvalidBomError } from './inspect.ts'
import { splitElements, splitJsonBom, type SplitJsonBom } from './json-split.ts'
import type { BomFormat, ConvertedBom } from './model.ts'
import type { SplitJsonValidator } from './schema.ts'
import { xmlBomToJson } from './xml.ts'
import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'

/**
 * Reads a split JSON BOM one element at a time: parse, check against the schema (when a
 * validator is given), convert. Syntax, nesting and schema errors come out as InvalidBomError.
 * Yields to the event loop whenever the time slice is used up.
 */
export async function readSplitJsonBom(
  split: SplitJsonBom,
  isInternal: InternalMatcher,
  validator?: SplitJsonValidator,
  slice: TimeSlice = timeSlice(),
): Promise<ConvertedBom> {
  let converted: ConvertedBom
  try {
    const converter = new BomConverter(split.root, isInternal)
    validator?.document(split.root)
    for (const key of ['components', 'dependencies'] as const) {
      const spans = split.arrays.get(key)
      const text = (index: number) => split.text.slice(spans![2 * index], spans![2 * index + 1])
      let index = 0
      for (const element of splitElements(split, key)) {
        if (validator && spans) validator.item(key, index, element, text)
        if (key === 'components') converter.addComponent(element)
        else converter.addDependency(element)
        index++
        if (slice.due) await slice.pause()
      }
    }
    converted = converter.finish()
  } catch (error) {
    invalidBomFrom(error, 'JSON')
  }
  const errors = validator?.finish() ?? []
  if (errors.length > 0) throw new InvalidBomError('Schema validation failed', errors)
  return converted
}

/** An XML BOM to the model; parser and nesting errors come out as InvalidBomError. */
export async function readXmlBom(
  text: string,
  specVersion: string,
  isInternal: InternalMatcher,
  slice: TimeSlice = timeSlice(),
): Promise<ConvertedBom> {
  try {
    const document = xmlBomToJson(text, specVersion)
    if (slice.due) await slice.pause()
    const converter = new BomConverter(document, isInternal)
    for (const [key, add] of [
      ['components', (item: unknown) => converter.addComponent(item)],
      ['dependencies', (item: unknown) => converter.addDependency(item)],
    ] as const) {
      const items = document[key]
      if (!Array.isArray(items)) continue
      for (const item of items) {
        add(item)
        if (slice.due) await slice.pause()
      }
    }
    return converter.finish()
  } catch (error) {
    return invalidBomFrom(error, 'XML')
  }
}

/** A stored upload back to the model (the job's path when nothing was handed over). */
export async function readStoredBom(
  text: string,
  format: BomFormat,
  specVersion: string,
  isInternal: InternalMatcher,
  slice: TimeSlice = timeSlice(),
): Promise<ConvertedBom> {
  if (format === 'XML') return readXmlBom(text, specVersion, isInternal, slice)
  return readSplitJsonBom(await splitJsonBom(text, slice), isInternal, undefined, slice)
}
