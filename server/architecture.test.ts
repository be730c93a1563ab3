import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import zones of eslint.config.js keep the layers pointing one way
// (docs/decisions/007-server-layering.md). Each case lints one import line as if it sat in a file.

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })
const RULE = '@typescript-eslint/no-restricted-imports'

async function restricted(file: string, importLine: string) {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [x]\n`, {
    filePath: path.join(root, file),
  })
  return result!.messages.filter((message) => message.ruleId === RULE).length > 0
}

const cases: Array<{ file: string; wrong: string; right: string }> = [
  {
    file: 'server/api/routes/example.ts',
    wrong: "import { x } from '../../data/projects.ts'",
    right: "import { x } from '../../domain/projects/queries.ts'",
  },
  {
    file: 'server/api/routes/example.ts',
    wrong: "import { x } from '../../db/database.ts'",
    right: "import { x } from '../kit/index.ts'",
  },
  {
    file: 'server/domain/example/rules.ts',
    wrong: "import { x } from '../../http/access.ts'",
    right: "import { x } from '../../data/projects.ts'",
  },
  {
    file: 'server/domain/example/rules.ts',
    wrong: "import { x } from '../../api/serializers.ts'",
    right: "import { x } from '../../lib/errors.ts'",
  },
  {
    file: 'server/domain/example/rules.ts',
    wrong: "import { x } from '../../jobs/queue.ts'",
    right: "import { x } from '../projects/access.ts'",
  },
  {
    file: 'server/jobs/example.ts',
    wrong: "import { x } from '../data/bom-uploads.ts'",
    right: "import { x } from '../domain/bom/stored-uploads.ts'",
  },
  {
    file: 'server/data/example.ts',
    wrong: "import { x } from '../domain/projects/access.ts'",
    right: "import { x } from '../db/database.ts'",
  },
  {
    file: 'server/lib/example.ts',
    wrong: "import { x } from '../data/projects.ts'",
    right: "import { x } from 'zod'",
  },
  {
    file: 'app/utils/example.ts',
    wrong: "import { x } from '../../server/domain/auth/permissions.ts'",
    right: "import { x } from '../../common/dt-vocabulary.ts'",
  },
  {
    file: 'common/example.ts',
    wrong: "import { x } from '../server/lib/errors.ts'",
    right: "import { x } from 'zod'",
  },
  {
    file: 'common/example.ts',
    wrong: "import { x } from '../app/utils/portfolio.ts'",
    right: "import { x } from './dt-vocabulary.ts'",
  },
  {
    file: 'common/example.ts',
    wrong: "import { x } from 'node:fs'",
    right: "import { x } from './dt-shapes.ts'",
  },
]

// Loading the ESLint config and the TypeScript parser takes seconds on a busy machine.
describe('import zones', { timeout: 60_000 }, () => {
  it.each(cases)('$file: reports "$wrong", accepts "$right"', async ({ file, wrong, right }) => {
    expect(await restricted(file, wrong)).toBe(true)
    expect(await restricted(file, right)).toBe(false)
  })

  it('lets routes import row types from data for their serializers', async () => {
    expect(
      await restricted('server/api/serializers.ts', "import type { x } from '../data/users.ts'"),
    ).toBe(false)
  })
})
