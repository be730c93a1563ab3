import { expect, signIn, test } from './support/fixtures.ts'
import { ADMIN, startAccessServer } from './support/portfolio-access.ts'

// Portfolio Access Control without JavaScript: the switch, the open team row, the picker dialog
// and Remove are plain links and forms.

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startAccessServer>>

test.beforeAll(async () => {
  server = await startAccessServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const url = (path: string) => `${server.baseUrl}${path}`

test('without JavaScript: ACL on, a team gets a project, its member sees only it', async ({
  page,
  browser,
}) => {
  const green = await server.team('green', ['VIEW_PORTFOLIO'])
  const member = await server.member(green.uuid)
  const gamma = await server.project('gamma', '3.0')
  const delta = await server.project('delta', '4.0')

  await signIn(page, ADMIN, url('/admin/accessManagement/portfolioAccessControl'))
  await page.getByRole('switch', { name: 'Enable portfolio access control' }).click()
  await expect(page.getByTestId('toast')).toContainText('Portfolio access control is on')
  await expect(
    page.getByRole('switch', { name: 'Enable portfolio access control' }),
  ).toHaveAttribute('aria-checked', 'true')
  expect(await server.aclEnabled()).toBe(true)

  await page.getByRole('link', { name: green.name }).click()
  await expect(page).toHaveURL(new RegExp(`team=${green.uuid}`))
  await page.getByRole('link', { name: 'Add projects' }).click()
  const dialog = page.getByRole('dialog', { name: `Add projects to ${green.name}` })
  await dialog.getByLabel('Search projects', { exact: true }).fill(gamma.name)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByRole('checkbox', { name: `Select ${delta.name} 4.0` })).toHaveCount(0)

  // Adding nothing keeps the dialog open and says why.
  await dialog.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Select at least one project.')
  await expect(dialog).toBeVisible()

  await dialog.getByRole('checkbox', { name: `Select ${gamma.name} 3.0` }).check()
  await dialog.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Projects added: 1')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await server.teamProjects(green.uuid)).toEqual([gamma.name])

  const memberContext = await browser.newContext({ javaScriptEnabled: false })
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member, url('/projects'))
  await expect(memberPage.getByRole('link', { name: gamma.name, exact: true })).toBeVisible()
  await expect(memberPage.getByRole('link', { name: delta.name, exact: true })).toHaveCount(0)
  await memberContext.close()

  await page
    .getByRole('list', { name: `Projects of ${green.name}` })
    .getByRole('button', { name: `Remove ${gamma.name} 3.0 from this team` })
    .click()
  await expect(page.getByTestId('toast')).toContainText('Project removed from the team')
  expect(await server.teamProjects(green.uuid)).toEqual([])
})
