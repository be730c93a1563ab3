import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeFamilies } from './index.ts'

describe('route families', () => {
  it('registers every file of server/api/routes (the bundle cannot scan the folder)', () => {
    const folder = path.dirname(new URL(import.meta.url).pathname)
    const files = fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
    const camel = (file: string) =>
      file.replace(/\.ts$/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
    expect(Object.keys(routeFamilies).sort()).toEqual(files.map(camel).sort())
  })
})
