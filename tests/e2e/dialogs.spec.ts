import { randomBytes } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

const MANAGER = ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT', 'BOM_UPLOAD']
const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('element is not rendered')
  return found
}

const focusInside = (page: Page, selector: string) =>
  page.evaluate((selector) => !!document.activeElement?.closest(selector), selector)

test('a dialog takes focus to its first field, keeps Tab inside, and Escape gives focus back to its opener', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(MANAGER)
  await signIn(page, user, '/projects')
  const opener = page.getByRole('link', { name: 'Create project' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Create project' })
  await expect(dialog.getByLabel('Project name')).toBeFocused()

  await page.keyboard.press('Shift+Tab')
  expect(await focusInside(page, '[role="dialog"]')).toBe(true)
  for (let step = 0; step < 25; step++) await page.keyboard.press('Tab')
  expect(await focusInside(page, '[role="dialog"]')).toBe(true)

  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page).not.toHaveURL(/create/)
  await expect(opener).toBeFocused()
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`a long form keeps its actions in view at ${viewport.width}×${viewport.height}`, async ({
    page,
    makeUser,
  }) => {
    const user = await makeUser(MANAGER)
    await page.setViewportSize(viewport)
    await signIn(page, user, '/projects?create')
    const dialog = page.getByRole('dialog', { name: 'Create project' })
    const submit = dialog.getByRole('button', { name: 'Create', exact: true })
    await expect(submit).toBeInViewport({ ratio: 1 })
    const panel = await box(dialog)
    expect(panel.y).toBeGreaterThanOrEqual(0)
    expect(panel.y + panel.height).toBeLessThanOrEqual(viewport.height)

    // The last field scrolls into the body; the actions stay where they were.
    await dialog.getByLabel('Common Platform Enumeration (CPE)').scrollIntoViewIfNeeded()
    await expect(submit).toBeInViewport({ ratio: 1 })
    await expectNoAxeViolations(page)
  })
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`a toast leaves the header, its menu button and the open phone menu uncovered at ${viewport.width}×${viewport.height}`, async ({
    page,
    makeUser,
  }) => {
    const user = await makeUser(MANAGER)
    await page.setViewportSize(viewport)
    await signIn(page, user, '/projects?create')
    const dialog = page.getByRole('dialog', { name: 'Create project' })
    await dialog.getByLabel('Project name').fill(unique('toasted'))
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Project created')
    const header = await box(page.locator('body > div header').first())
    const shown = await box(toast)
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height)
    await expect(page.getByLabel('User menu')).toBeVisible()
    if (viewport.width < 1024) {
      const menu = await box(page.getByLabel('Open navigation'))
      expect(menu.y + menu.height).toBeLessThanOrEqual(shown.y)
      // The open phone menu is not covered either.
      await page.getByLabel('Open navigation').click()
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Projects' }),
      ).toBeVisible()
      await expect(toast).toBeHidden()
    }
  })
}

test('in German, a refusal of the server and reference types read in German', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const name = unique('doppelt')
  await createProject(baseURL!, { name, version: '1.0' })
  await signIn(page, user, '/projects')
  await page.getByLabel('User menu').click()
  await page.getByLabel('Language', { exact: true }).selectOption('de')
  await page.getByRole('button', { name: 'Change language' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')

  await page.goto('/projects?create')
  const dialog = page.getByRole('dialog', { name: 'Projekt erstellen' })
  await dialog.getByLabel('Projektname').fill(name)
  await dialog.getByLabel('Versionsnummer').fill('1.0')
  await dialog.getByRole('button', { name: 'Erstellen', exact: true }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Ein Projekt mit diesem Namen und dieser Version existiert bereits.',
  )
  await expect(dialog.getByRole('alert')).toBeInViewport()
  await expectNoAxeViolations(page)

  const api = apiFor(baseURL!)
  const created = await api.put('/api/v1/project', {
    token: await api.adminToken(),
    json: {
      name: unique('verweise'),
      externalReferences: [
        { type: 'vcs', url: 'https://git.example/quelle' },
        { type: 'rfc-9116', url: 'https://example.test/.well-known/security.txt' },
      ],
    },
  })
  const { uuid } = JSON.parse(created.text) as { uuid: string }
  await page.goto(`/projects/${uuid}`)
  await page.getByText('Externe Verweise (2)').click()
  await expect(page.getByText('Versionsverwaltung (VCS)')).toBeVisible()
  await expect(page.getByText('Sicherheitsrichtlinie (RFC 9116)')).toBeVisible()

  await page.goto(`/projects/${uuid}/components`)
  await page.getByLabel('CycloneDX-BOM hochladen (JSON oder XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"bomFormat": "SPDX", "specVersion": "2.3"}'),
  })
  await page.getByRole('button', { name: 'BOM hochladen', exact: true }).click()
  await expect(page.getByTestId('toast')).toContainText('Die hochgeladene BOM ist ungültig')
})
