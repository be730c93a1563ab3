import { createProject, createUser } from './support/api.ts'
import { startFreshServer } from './support/fresh-server.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { releaseAdmin } from './support/list-data.ts'

test('an empty portfolio invites the first project on the dashboard and the project list', async ({
  page,
}) => {
  test.slow()
  const server = await startFreshServer()
  try {
    await releaseAdmin(server.baseUrl)
    const manager = await createUser(server.baseUrl, [
      'VIEW_PORTFOLIO',
      'PORTFOLIO_MANAGEMENT',
      'BOM_UPLOAD',
    ])
    await signIn(page, manager, `${server.baseUrl}/dashboard`)
    const prompt = page.getByRole('region', { name: 'No projects yet' })
    await expect(prompt).toContainText('Then upload its BOM on the Components tab.')
    await expectNoAxeViolations(page)
    await prompt.getByRole('link', { name: 'Create a project' }).click()
    await expect(page.getByRole('dialog', { name: 'Create project' })).toBeVisible()

    await page.goto(`${server.baseUrl}/projects`)
    await expect(page.getByRole('region', { name: 'No projects yet' })).toBeVisible()
    await expect(page.getByText('No projects match these filters.')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.goto(`${server.baseUrl}/projects?searchText=nothing-here`)
    await expect(page.getByText('No projects match these filters.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'No projects yet' })).toHaveCount(0)

    const viewer = await createUser(server.baseUrl, ['VIEW_PORTFOLIO'])
    await page.context().clearCookies()
    await signIn(page, viewer, `${server.baseUrl}/dashboard`)
    await expect(page.getByRole('region', { name: 'No projects yet' })).toContainText(
      'Ask a portfolio manager to create the first project',
    )
    await expect(page.getByRole('link', { name: 'Create a project' })).toHaveCount(0)

    await createProject(server.baseUrl, { name: 'retired', active: false })
    await page.goto(`${server.baseUrl}/projects`)
    await expect(page.getByText('No projects match these filters.')).toBeVisible()
    await page.goto(`${server.baseUrl}/dashboard`)
    await expect(page.getByRole('region', { name: 'No projects yet' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Open projects' })).toHaveAttribute(
      'href',
      '/projects',
    )
  } finally {
    await server.stop()
  }
})
