import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type Page } from '@playwright/test'
import { createUser, deleteUser, type TestUser } from './api.ts'

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/** Fills and submits the sign-in form without waiting for the outcome. */
export async function attemptSignIn(
  page: Page,
  user: { username: string; password: string },
  target = '/dashboard',
) {
  await page.goto(target)
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in and waits until the console has left the sign-in page. */
export async function signIn(
  page: Page,
  user: { username: string; password: string },
  target = '/dashboard',
) {
  await attemptSignIn(page, user, target)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

export const test = base.extend<{
  makeUser: (permissions: string[]) => Promise<TestUser>
}>({
  makeUser: async ({ baseURL }, use) => {
    const made: TestUser[] = []
    await use(async (permissions) => {
      const user = await createUser(baseURL!, permissions)
      made.push(user)
      return user
    })
    for (const user of made) await deleteUser(baseURL!, user.username)
  },
})

export { expect }
