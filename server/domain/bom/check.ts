import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { TimeSlice } from '../../lib/time-slice.ts'
import { decodeBom, inspectBom, InvalidBomError } from './inspect.ts'
import { matchInternal, type InternalPatterns } from './internal-patterns.ts'
import type { BomFormat, ConvertedBom } from './model.ts'
import { readSplitJsonBom, readStoredBom, readXmlBom } from './read.ts'
import { SplitJsonValidator, validateXmlBom } from './schema.ts'

/**
 * The work on a BOM that needs its content and nothing else: plain data in, plain data out, so it
 * runs alike on the main thread (in time slices) and in a worker thread (workers.ts, decision 024).
 */
export type BomTask =
  | {
      kind: 'upload'
      /** The uploaded bytes; handed over to the task (a worker takes the buffer). */
      bytes: Uint8Array
      /** Whether the official schema applies (§1.3). */
      validate: boolean
      internal: InternalPatterns
    }
  | {
      kind: 'stored'
      /** A stored upload, compressed as it is stored. */
      content: Uint8Array
      format: BomFormat
      specVersion: string
      internal: InternalPatterns
    }

export interface ReadBom {
  format: BomFormat
  specVersion: string
  converted: ConvertedBom
}

/** What a worker answers: an invalid BOM crosses as its detail and errors, not as an Error. */
export type BomTaskOutcome =
  { ok: true; bom: ReadBom } | { ok: false; detail: string; errors: string[] }

const gunzipAsync = promisify(gunzip)
const EMPTY = new Uint8Array(0)

/** Format, version, hostile content, (when asked) the official schema, and the conversion. */
async function checkUpload(
  task: Extract<BomTask, { kind: 'upload' }>,
  slice: TimeSlice,
): Promise<ReadBom> {
  const isInternal = matchInternal(task.internal)
  const text = decodeBom(task.bytes)
  // From here the content lives on in the text only (memory, for uploads of 100 MB).
  task.bytes = EMPTY
  const inspected = await inspectBom(text, slice)
  const { format, specVersion } = inspected
  if (inspected.format === 'JSON') {
    const validator = task.validate ? new SplitJsonValidator(specVersion) : undefined
    const converted = await readSplitJsonBom(inspected.split, isInternal, validator, slice)
    inspected.split.text = ''
    return { format, specVersion, converted }
  }
  if (task.validate) {
    const errors = await validateXmlBom(specVersion, inspected.text)
    if (errors.length > 0) throw new InvalidBomError('Schema validation failed', errors)
  }
  const converted = await readXmlBom(inspected.text, specVersion, isInternal, slice)
  return { format, specVersion, converted }
}

/** Runs one task; an invalid upload throws InvalidBomError. */
export async function runBomTask(task: BomTask, slice: TimeSlice): Promise<ReadBom> {
  if (task.kind === 'upload') return checkUpload(task, slice)
  const text = decodeBom(await gunzipAsync(task.content))
  task.content = EMPTY
  const converted = await readStoredBom(
    text,
    task.format,
    task.specVersion,
    matchInternal(task.internal),
    slice,
  )
  return { format: task.format, specVersion: task.specVersion, converted }
}

/** runBomTask's result or refusal as data (what crosses back from a worker). */
export async function bomTaskOutcome(task: BomTask, slice: TimeSlice): Promise<BomTaskOutcome> {
  try {
    return { ok: true, bom: await runBomTask(task, slice) }
  } catch (error) {
    if (error instanceof InvalidBomError) {
      return { ok: false, detail: error.detail, errors: error.errors }
    }
    throw error
  }
}
