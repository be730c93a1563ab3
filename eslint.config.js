import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Layers point one way (docs/decisions/007-server-layering.md):
 * api -> domain -> data -> db; lib and common are leaves every layer may use.
 * Each entry: the files of a layer and the folders they must not import.
 */
const layer = (folder) => `(^|/)${folder}/`
const forbid = (folders, message, allowTypeImports = false) => ({
  regex: `(${folders.map(layer).join('|')})`,
  message,
  allowTypeImports,
})
const importZones = [
  {
    files: ['server/api/**'],
    patterns: [
      forbid(['db', 'data'], 'Routes call the domain (server/domain/<family>), never SQL', true),
    ],
  },
  {
    files: ['server/domain/**'],
    patterns: [
      forbid(
        ['http', 'api', 'jobs'],
        'The domain holds rules only: no HTTP, no routes, no job handlers (jobs live in server/jobs)',
      ),
    ],
  },
  {
    // The queue and worker are infrastructure (their own SQL); handlers go through the domain.
    files: ['server/jobs/**'],
    ignores: ['server/jobs/queue.ts', 'server/jobs/worker.ts'],
    patterns: [
      forbid(['data', 'api', 'http'], 'Job handlers call the domain, like routes do', true),
    ],
  },
  {
    files: ['server/data/**'],
    patterns: [
      forbid(['domain', 'api', 'http', 'jobs'], 'server/data only runs SQL; rules belong upstream'),
    ],
  },
  {
    files: ['server/db/**'],
    patterns: [forbid(['domain', 'api', 'http', 'jobs', 'data'], 'server/db is the driver layer')],
  },
  {
    files: ['server/lib/**'],
    patterns: [
      forbid(
        ['domain', 'api', 'http', 'jobs', 'data', 'db'],
        'server/lib is a leaf every layer imports',
      ),
    ],
  },
  {
    files: ['app/**'],
    patterns: [forbid(['server'], 'The console calls the API through app/api, never server/ code')],
  },
  {
    files: ['common/**'],
    patterns: [
      forbid(['server', 'app'], 'common/ is shared by server and console and imports neither'),
      { regex: '^(node:|react)', message: 'common/ is pure TypeScript: no node or react imports' },
    ],
  },
]

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data/**',
      '.cache/**',
      'playwright-report/**',
      'test-results/**',
      'bench/out/**',
      '.scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-warning-comments': ['error', { terms: ['fixme', 'todo', 'xxx'] }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in server/config/env.ts',
        },
      ],
    },
  },
  {
    files: [
      'server/config/env.ts',
      'server/main.ts',
      'scripts/**',
      'tests/**',
      'bench/**',
      '*.config.*',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  ...importZones.map(({ files, ignores = [], patterns }) => ({
    files,
    ignores: [...ignores, '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  })),
)
