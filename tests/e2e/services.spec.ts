import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { serviceBom, servicesOf, uploadBomAndWait } from './support/service-boms.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

async function projectWithServices(baseURL: string) {
  const project = await createProject(baseURL, { name: unique('shop'), version: '1.0' })
  await uploadBomAndWait(baseURL, project.uuid, serviceBom(project.name))
  return project
}

test('the services tab lists, searches and sorts the project’s services', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithServices(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/services`)

  await expect(page.getByRole('heading', { name: 'Services (3)' })).toBeVisible()
  const billing = page.getByRole('row', { name: /billing-api/ })
  await expect(billing).toContainText('2.1')
  await expect(billing.getByRole('img', { name: 'Authenticated', exact: true })).toBeVisible()
  await expect(billing.getByRole('img', { name: 'Crosses a trust boundary' })).toBeVisible()
  const mailer = page.getByRole('row', { name: /mailer/ })
  await expect(mailer.getByRole('img', { name: 'Not authenticated' })).toBeVisible()
  await expect(mailer.getByRole('img', { name: 'Not stated' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'fraud-check' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=asc/)
  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortOrder=desc/)
  await expect(page.getByRole('row').nth(1)).toContainText('mailer')

  await page.getByLabel('Search services').fill('mail')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('heading', { name: 'Services (1)' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'billing-api' })).toHaveCount(0)

  await page.getByLabel('Search services').fill('no-such-service')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No services match this search.')).toBeVisible()
})

test('a viewer opens a service and reads every tab of its details, without edit controls', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithServices(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/services`)
  await page.getByRole('link', { name: 'billing-api' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'acme ▸ billing-api ▸ 2.1' }),
  ).toBeVisible()
  const facts = page.getByRole('region', { name: 'Service facts' })
  await expect(facts).toContainText('Acme Payments')
  await expect(facts).toContainText('https://billing.acme.example/v2/charge')
  await expect(facts).toContainText('PII (Inbound)')
  await expect(page.getByText(/No measurements yet/)).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Other services in this project' }).getByRole('link', {
      name: 'fraud-check ▸ 1.4',
    }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'View details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Service details' })
  await expect(dialog.getByLabel('Service name')).toHaveValue('billing-api')
  await expect(dialog.getByLabel('Service name')).toHaveAttribute('readonly', '')
  await expect(dialog.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await dialog.getByRole('link', { name: 'Provider' }).click()
  await expect(dialog.getByRole('row', { name: /Billing Ops/ })).toContainText('ops@acme.example')
  await expect(dialog.getByRole('link', { name: 'https://payments.acme.example' })).toBeVisible()
  await dialog.getByRole('link', { name: 'Endpoints' }).click()
  await expect(dialog.getByText('https://billing.acme.example/v2/charge')).toBeVisible()
  await dialog.getByRole('link', { name: 'Data' }).click()
  await expect(dialog.getByRole('row', { name: /Payment data/ })).toContainText('Outbound')
  await dialog.getByRole('link', { name: 'External references' }).click()
  await expect(dialog.getByRole('row', { name: /Documentation/ })).toContainText(
    'https://docs.acme.example/billing',
  )
  await expectNoAxeViolations(page)

  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: `${project.name} 1.0` })
    .click()
  await expect(page).toHaveURL(new RegExp(`/projects/${project.uuid}/services$`))
})

test('a portfolio manager edits a service and nothing else about it is lost', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await projectWithServices(baseURL!)
  const billing = (await servicesOf(baseURL!, project.uuid)).find((s) => s.name === 'billing-api')!
  await signIn(page, user, `/services/${billing.uuid}`)

  await page.getByRole('link', { name: 'View details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Service details' })
  await dialog.getByLabel('Version').fill('3.0')
  await dialog.getByLabel('Description').fill('Charges cards and issues refunds')
  await dialog.getByLabel('Authenticated').uncheck()
  // An edit survives a look at another tab before saving.
  await dialog.getByRole('link', { name: 'Endpoints' }).click()
  await expect(dialog.getByText('https://billing.acme.example/v2/charge')).toBeVisible()
  await dialog.getByRole('button', { name: 'Update' }).click()

  await expect(page.getByTestId('toast')).toContainText('Service updated')
  await expect(
    page.getByRole('heading', { level: 1, name: 'acme ▸ billing-api ▸ 3.0' }),
  ).toBeVisible()
  await expect(page.getByText('Charges cards and issues refunds')).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Service facts' }).getByRole('img', {
      name: 'Not authenticated',
    }),
  ).toBeVisible()

  const saved = (await servicesOf(baseURL!, project.uuid)).find((s) => s.uuid === billing.uuid)!
  expect(saved).toMatchObject({
    version: '3.0',
    authenticated: false,
    endpoints: ['https://billing.acme.example/v2/charge'],
    provider: { name: 'Acme Payments' },
  })
  expect(saved.data).toHaveLength(2)

  await page.getByRole('link', { name: 'View details' }).click()
  await dialog.getByLabel('Service name').fill('   ')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(dialog.getByText('This field is required')).toBeVisible()
  await expect(dialog.getByLabel('Service name')).toHaveAttribute('aria-invalid', 'true')
})

test('deleting a service asks first, then returns to the project’s services', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await projectWithServices(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/services`)
  await page.getByRole('link', { name: 'mailer' }).click()
  // The project page has its own "View details"; wait for the service page.
  await expect(page.getByRole('heading', { level: 1, name: 'mailer ▸ 0.9' })).toBeVisible()
  await page.getByRole('link', { name: 'View details' }).click()
  await page
    .getByRole('dialog', { name: 'Service details' })
    .getByRole('link', { name: 'Delete' })
    .click()

  const confirm = page.getByRole('dialog', { name: 'Delete service' })
  await expect(confirm).toContainText(
    `Delete the service mailer ▸ 0.9 from the project ${project.name}?`,
  )
  await expectNoAxeViolations(page)
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog', { name: 'Service details' })).toBeVisible()
  await page
    .getByRole('dialog', { name: 'Service details' })
    .getByRole('link', { name: 'Delete' })
    .click()
  await page
    .getByRole('dialog', { name: 'Delete service' })
    .getByRole('button', { name: 'Delete service' })
    .click()

  await expect(page).toHaveURL(new RegExp(`/projects/${project.uuid}/services$`))
  await expect(page.getByTestId('toast')).toContainText('Service mailer deleted')
  await expect(page.getByRole('heading', { name: 'Services (2)' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'mailer' })).toHaveCount(0)
})

test('an unknown service is a 404 page', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/services/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})
