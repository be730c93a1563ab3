import fs from 'node:fs'
import { createRequire } from 'node:module'

export interface Cwe {
  cweId: number
  name: string
}

interface ArchiveEntry {
  attr: { '@_ID': string; '@_Name': string }
}
interface CweArchive {
  Weakness_Catalog: {
    Weaknesses: { Weakness: ArchiveEntry[] }
    Categories: { Category: ArchiveEntry[] }
    Views: { View: ArchiveEntry[] }
  }
}

let dictionary: { list: Cwe[]; byId: Map<number, Cwe> } | undefined

/**
 * MITRE's CWE list (weaknesses, categories and views) from the maintained cwe-sdk package, read
 * once on first use and kept as id → name only. Read from the package's file at run time so the
 * 10 MB archive never enters the server bundle.
 */
function load() {
  if (dictionary) return dictionary
  const file = createRequire(import.meta.url).resolve('cwe-sdk/raw/cwe-archive.json')
  const archive = JSON.parse(fs.readFileSync(file, 'utf8')) as CweArchive
  const catalog = archive.Weakness_Catalog
  const entries = [
    ...catalog.Weaknesses.Weakness,
    ...catalog.Categories.Category,
    ...catalog.Views.View,
  ]
  const list = entries
    .map((entry) => ({ cweId: Number(entry.attr['@_ID']), name: entry.attr['@_Name'] }))
    .filter((cwe) => Number.isInteger(cwe.cweId) && cwe.cweId > 0)
    .sort((a, b) => a.cweId - b.cweId)
  dictionary = { list, byId: new Map(list.map((cwe) => [cwe.cweId, cwe])) }
  return dictionary
}

/** Every CWE in dictionary order (by id). */
export const allCwes = (): readonly Cwe[] => load().list

export const cweById = (cweId: number): Cwe | undefined => load().byId.get(cweId)

/** `CWE-79`, `79` or a number → 79; anything else → undefined. */
export function parseCweId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const match = /^\s*(?:CWE-)?(\d{1,9})\s*$/i.exec(value)
  return match ? Number(match[1]) : undefined
}

/** The known CWEs among `ids`, de-duplicated, in the given order (unknown ids are dropped). */
export const knownCwes = (ids: readonly number[] | null | undefined): Cwe[] =>
  [...new Set(ids ?? [])].flatMap((id) => cweById(id) ?? [])
