import { componentUuidByName } from './support/findings.ts'
import { signIn, test } from './support/fixtures.ts'
import { seedMeasuredProject } from './support/metrics.ts'

test('screenshots', async ({ page, makeUser, baseURL }) => {
  test.setTimeout(120_000)
  const { project, names } = await seedMeasuredProject(baseURL!)
  const uuid = await componentUuidByName(baseURL!, project.uuid, names.critical)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VIEW_POLICY_VIOLATION', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/projects/${project.uuid}`)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`/projects/${project.uuid}`)
      await page.screenshot({ path: `/tmp/shots/overview-${scheme}-${width}.png`, fullPage: true })
      await page.goto(`/projects?searchText=measured`)
      await page.screenshot({ path: `/tmp/shots/list-${scheme}-${width}.png`, fullPage: true })
      await page.goto(`/components/${uuid}`)
      await page.screenshot({ path: `/tmp/shots/component-${scheme}-${width}.png`, fullPage: true })
    }
  }
})
