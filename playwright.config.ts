import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumPath } from './tests/e2e/support/chromium.ts'
import { ossIndexPort } from './tests/e2e/support/offline-services.ts'

const port = Number(process.env.E2E_PORT ?? 3990)
const dataDir = path.join(os.tmpdir(), `lookout-e2e-${process.env.E2E_RUN_ID ?? process.pid}`)
process.env.E2E_RUN_ID ??= String(process.pid)

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /\.nojs\.spec\.ts$/ },
    { name: 'no-javascript', testMatch: /\.nojs\.spec\.ts$/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: 'node build/server/main.js',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_MIRROR_SCHEDULE: 'false',
      LOOKOUT_BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'warn',
      LOOKOUT_OSSINDEX_URL: `http://127.0.0.1:${ossIndexPort()}`,
      // Default package repositories on the loopback OSS Index, which answers 404: never the internet.
      LOOKOUT_REPOSITORY_DEFAULTS_URL: `http://127.0.0.1:${ossIndexPort()}/repositories`,
    },
  },
})
