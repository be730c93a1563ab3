import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { ADMIN, startAccessServer } from './support/portfolio-access.ts'

// Admin → Access Management → Permissions and Portfolio Access Control (dt-screens §19.7,
// dt-api-admin §10.9): switch the ACL on, give a team one project, and its member sees only it.

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startAccessServer>>

test.beforeAll(async () => {
  server = await startAccessServer()
})
test.afterAll(async () => {
  await server?.stop()
})

const url = (path: string) => `${server.baseUrl}${path}`

test('the Permissions page lists the 14 permissions and searches them', async ({ page }) => {
  await signIn(page, ADMIN, url('/admin/accessManagement/permissions'))
  await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Permissions and what they allow' })
  await expect(table.getByRole('row')).toHaveCount(15)
  await expect(table.getByRole('rowheader').first()).toHaveText('ACCESS_MANAGEMENT')
  await expectNoAxeViolations(page)

  await page.getByLabel('Search permissions').fill('badges')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(table.getByRole('rowheader')).toHaveText(['VIEW_BADGES'])
  await expect(table.getByRole('cell')).toHaveText(['Provides the ability to view badges'])
})

test('switch the ACL on, give a team a project: its member sees only that one', async ({
  page,
  browser,
}) => {
  const blue = await server.team('blue', ['VIEW_PORTFOLIO'])
  const member = await server.member(blue.uuid)
  const alpha = await server.project('alpha', '1.0')
  const beta = await server.project('beta', '2.0')

  await signIn(page, ADMIN, url('/admin/accessManagement/portfolioAccessControl'))
  const acl = page.getByRole('switch', { name: 'Enable portfolio access control' })
  await expect(acl).toHaveAttribute('aria-checked', 'false')
  await acl.click()
  await expect(page.getByTestId('toast')).toContainText('Portfolio access control is on')
  await expect(acl).toHaveAttribute('aria-checked', 'true')
  expect(await server.aclEnabled()).toBe(true)

  const teamLink = page.getByRole('link', { name: blue.name })
  await expect(teamLink).toHaveAttribute('aria-expanded', 'false')
  await teamLink.click()
  await expect(teamLink).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText('This team has no projects yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Add projects' }).click()

  const dialog = page.getByRole('dialog', { name: `Add projects to ${blue.name}` })
  await expect(dialog.getByRole('checkbox', { name: `Select ${alpha.name} 1.0` })).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Search projects', { exact: true }).fill('alpha')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByRole('checkbox', { name: `Select ${beta.name} 2.0` })).toHaveCount(0)
  await dialog.getByRole('checkbox', { name: `Select ${alpha.name} 1.0` }).check()
  await dialog.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Projects added: 1')
  await expect(dialog).toHaveCount(0)
  const projects = page.getByRole('list', { name: `Projects of ${blue.name}` })
  await expect(projects.getByRole('link')).toHaveText([`${alpha.name} 1.0`])
  expect(await server.teamProjects(blue.uuid)).toEqual([alpha.name])
  await expectNoAxeViolations(page)

  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await signIn(memberPage, member, url('/projects'))
  await expect(memberPage.getByRole('link', { name: alpha.name, exact: true })).toBeVisible()
  await expect(memberPage.getByRole('link', { name: beta.name, exact: true })).toHaveCount(0)

  // Taken away again, the member sees nothing: a team's projects are all it gets.
  await projects.getByRole('button', { name: `Remove ${alpha.name} 1.0 from this team` }).click()
  await expect(page.getByTestId('toast')).toContainText('Project removed from the team')
  await expect(page.getByText('This team has no projects yet.')).toBeVisible()
  await memberPage.reload()
  await expect(memberPage.getByRole('link', { name: alpha.name, exact: true })).toHaveCount(0)
  await memberContext.close()

  await page.getByRole('switch', { name: 'Enable portfolio access control' }).click()
  await expect(page.getByTestId('toast')).toContainText('Portfolio access control is off')
  expect(await server.aclEnabled()).toBe(false)
})

test('a manager without System Configuration sees the switch but cannot flip it', async ({
  page,
}) => {
  const managers = await server.team('managers', ['ACCESS_MANAGEMENT'])
  const manager = await server.member(managers.uuid)
  await signIn(page, manager, url('/admin/accessManagement/portfolioAccessControl'))
  await expect(page.getByRole('switch', { name: 'Enable portfolio access control' })).toBeDisabled()
  await expect(
    page.getByText('Changing this needs the System Configuration permission.'),
  ).toBeVisible()
})

test('both pages read well on a phone and in the dark theme', async ({ page }) => {
  const red = await server.team('red', ['VIEW_PORTFOLIO'])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, ADMIN, url('/admin/accessManagement/permissions'))
  for (const path of [
    '/admin/accessManagement/permissions',
    `/admin/accessManagement/portfolioAccessControl?team=${red.uuid}`,
    `/admin/accessManagement/portfolioAccessControl?team=${red.uuid}&picker=1`,
  ]) {
    await page.goto(url(path))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, path).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  }
})
