import { describe, expect, it } from 'vitest'
import { timeSlice } from '../../lib/time-slice.ts'
import { dedupeBom } from './identity.ts'
import { inspectBom } from './inspect.ts'
import { splitJsonBom, splitLength } from './json-split.ts'
import { readSplitJsonBom, readXmlBom } from './read.ts'
import { SplitJsonValidator } from './schema.ts'
import { planIngest } from './sync.ts'

const COMPONENTS = 20_000

function jsonBom(count: number) {
  const components = Array.from({ length: count }, (_, i) => ({
    type: 'library',
    'bom-ref': `pkg:npm/package-${i}@1.0.${i % 50}`,
    name: `package-${i}`,
    version: `1.0.${i % 50}`,
    purl: `pkg:npm/package-${i}@1.0.${i % 50}`,
    licenses: [{ license: { id: 'MIT' } }],
  }))
  const dependencies = components.map((component, i) => ({
    ref: component['bom-ref'],
    dependsOn: i + 1 < count ? [components[i + 1]!['bom-ref']] : [],
  }))
  return JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components, dependencies })
}

function xmlBom(count: number) {
  const components = Array.from(
    { length: count },
    (_, i) => `<component type="library"><name>package-${i}</name><version>1</version></component>`,
  )
  return `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components>${components.join('')}</components></bom>`
}

/** Counts the turns the event loop gets while `work` runs: a callback that requeues itself. */
async function turnsDuring<T>(work: () => Promise<T>) {
  let turns = 0
  let done = false
  const turn = () => {
    if (done) return
    turns++
    setImmediate(turn)
  }
  setImmediate(turn)
  const result = await work()
  done = true
  return { turns, result }
}

describe('large BOMs leave the event loop turns while they are processed', () => {
  it('checks and converts a 20,000-component JSON BOM in slices', async () => {
    const inspected = await inspectBom(jsonBom(COMPONENTS))
    if (inspected.format !== 'JSON') throw new Error('expected JSON')
    const validator = new SplitJsonValidator(inspected.specVersion)
    const { turns, result } = await turnsDuring(() =>
      readSplitJsonBom(inspected.split, () => false, validator),
    )
    expect(result.components).toHaveLength(COMPONENTS)
    expect(turns).toBeGreaterThan(1)
  })

  it('splits a JSON BOM in slices', async () => {
    const text = jsonBom(COMPONENTS)
    // A slice that is always used up: splitting yields at every element, whatever the machine.
    const { turns, result } = await turnsDuring(() => splitJsonBom(text, timeSlice(0)))
    expect(splitLength(result, 'components')).toBe(COMPONENTS)
    expect(turns).toBeGreaterThan(COMPONENTS)
  })

  it('converts a 20,000-component XML BOM in slices', async () => {
    const text = xmlBom(COMPONENTS)
    const { turns, result } = await turnsDuring(() => readXmlBom(text, '1.5', () => false))
    expect(result.components).toHaveLength(COMPONENTS)
    expect(turns).toBeGreaterThan(1)
  })

  it('dedupes and plans a 20,000-component BOM in slices', async () => {
    const inspected = await inspectBom(jsonBom(COMPONENTS))
    if (inspected.format !== 'JSON') throw new Error('expected JSON')
    const bom = await readSplitJsonBom(inspected.split, () => false)
    const { turns, result } = await turnsDuring(async () => {
      const deduped = await dedupeBom(bom)
      return planIngest(bom, deduped, { components: [], properties: [], services: [] })
    })
    expect(result.newComponents).toHaveLength(COMPONENTS)
    expect(turns).toBeGreaterThan(1)
  })
})
