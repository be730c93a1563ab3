import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate } from '../../server/db/migrate.ts'
import { openPglite } from '../../server/db/pglite.ts'
import { seed } from '../../server/domain/system/seed.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

/**
 * Creating a PGlite cluster takes seconds; the suite builds one migrated, seeded cluster
 * once and every test server starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const dir = path.join(os.tmpdir(), `lookout-pglite-template-${randomBytes(4).toString('hex')}`)
  const db = await openPglite(dir)
  await migrate(db)
  await seed(db, 4)
  await db.close()
  project.provide('pgliteTemplate', dir)
  return async () => {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
