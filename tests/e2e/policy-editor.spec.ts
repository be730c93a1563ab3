import { type Page } from '@playwright/test'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { createPolicy, readPolicy } from './support/policies.ts'
import { licenseUuid, uniqueSuffix } from './support/licenses.ts'

const row = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
const toast = (page: Page) => page.getByTestId('toast')

test('conditions: a new subject swaps its inputs at once, all rows save together, a wrong row saves none', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const policy = await createPolicy(baseURL!, `editor-${uniqueSuffix()}`)
  const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
  await signIn(page, user, `/policy/${policy.uuid}`)
  await expect(page.getByRole('heading', { level: 2, name: policy.name })).toBeVisible()
  await expect(page.getByText('No limits: the policy applies to every project.')).toBeVisible()
  await expectNoAxeViolations(page)

  // Marks this document: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { editorDocument: true }))
  const first = row(page, 'New condition 1')
  await expect(first.getByLabel('Operator')).toHaveCount(0)
  await first.getByLabel('Subject').selectOption({ label: 'Severity' })
  await first.getByLabel('Operator').selectOption({ label: 'is not' })
  await first.getByLabel('Value').selectOption({ label: 'High' })
  const second = row(page, 'New condition 2')
  await second.getByLabel('Subject').selectOption({ label: 'Coordinates' })
  await second.getByLabel('Group').fill('org.acme')
  await second.getByLabel('Name').fill('core*')
  await second.getByLabel('Version').fill('>=2.0')
  const third = row(page, 'New condition 3')
  await third.getByLabel('Subject').selectOption({ label: 'Package URL' })
  await third.getByLabel('Value').fill('MIT')
  // Text typed for one text subject stays when the subject becomes another one.
  await third.getByLabel('Subject').selectOption({ label: 'License' })
  await expect(third.getByLabel('License')).toHaveValue('MIT')
  expect(await page.evaluate(() => 'editorDocument' in window)).toBe(true)

  await page.getByRole('button', { name: 'Save conditions' }).click()
  await expect(toast(page)).toContainText('Conditions saved: 3')
  await expect(row(page, 'Condition 3').getByLabel('License')).toHaveValue('MIT')
  await expect(row(page, 'Condition 2').getByLabel('Version')).toHaveValue('>=2.0')
  const saved = await readPolicy(baseURL!, policy.uuid)
  expect(
    saved!.policyConditions.map(({ subject, operator, value }) => [subject, operator, value]),
  ).toEqual([
    ['SEVERITY', 'IS_NOT', 'HIGH'],
    ['COORDINATES', 'MATCHES', '{"group":"org.acme","name":"core*","version":">=2.0"}'],
    ['LICENSE', 'IS', await licenseUuid(baseURL!, 'MIT')],
  ])

  // One wrong row: nothing changes, and the list says what and where.
  await row(page, 'Condition 2').getByLabel('Remove').check()
  const age = row(page, 'New condition 4')
  await age.getByLabel('Subject').selectOption({ label: 'Age' })
  await age.getByLabel('Value').fill('30 days')
  await page.getByRole('button', { name: 'Save conditions' }).click()
  const problems = page.getByRole('alert').filter({ hasText: 'Nothing was saved' })
  await expect(problems).toContainText('Problems to fix: 1')
  await expect(problems).toBeFocused()
  await expectNoAxeViolations(page)
  expect((await readPolicy(baseURL!, policy.uuid))!.policyConditions).toHaveLength(3)
  await problems
    .getByRole('link', { name: /Condition 4 \(Age\): Enter a positive ISO-8601 period/ })
    .click()
  await expect(age.getByLabel('Value')).toBeFocused()
  await expect(row(page, 'Condition 2').getByLabel('Remove')).toBeChecked()
  await age.getByLabel('Value').fill('P30D')
  await page.getByRole('button', { name: 'Save conditions' }).click()
  await expect(toast(page)).toContainText('Conditions saved: 3')
  const fixed = await readPolicy(baseURL!, policy.uuid)
  expect(fixed!.policyConditions.map((condition) => condition.subject)).toEqual([
    'SEVERITY',
    'LICENSE',
    'AGE',
  ])
  expect(fixed!.policyConditions[0]!.uuid).toBe(saved!.policyConditions[0]!.uuid)
})

test('name, operator, state, limits and delete, each saved on its own', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const suffix = uniqueSuffix()
  const taken = await createPolicy(baseURL!, `taken-${suffix}`)
  const policy = await createPolicy(baseURL!, `general-${suffix}`)
  await createProject(baseURL!, {
    name: `limited-${suffix}`,
    version: '1.0',
    tags: [`team-${suffix}`],
  })
  const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
  await signIn(page, user, `/policy/${policy.uuid}`)

  const general = page.getByRole('region', { name: 'Policy' })
  await general.getByLabel('Name').fill(taken.name)
  await general.getByRole('button', { name: 'Save' }).click()
  await expect(general.getByText('A policy with this name already exists.')).toBeVisible()
  await general.getByLabel('Name').fill(`renamed-${suffix}`)
  await general.getByLabel('Operator').selectOption({ label: 'All conditions' })
  await general.getByLabel('Violation state').selectOption({ label: 'Fail' })
  await general.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page)).toContainText('Policy saved')
  await expect(page.getByRole('heading', { level: 2, name: `renamed-${suffix}` })).toBeVisible()
  await expect(page.getByText('only when all of its conditions match it')).toBeVisible()

  const limits = page.getByRole('region', { name: 'Limit to' })
  await limits.getByLabel('Search projects').fill(`limited-${suffix}`)
  await limits
    .getByRole('search', { name: 'Find projects' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await limits.getByRole('button', { name: `Add limited-${suffix} 1.0` }).click()
  await expect(toast(page)).toContainText('Project added')
  await expect(limits.getByRole('link', { name: `limited-${suffix} 1.0` })).toBeVisible()
  await limits.getByLabel('Search tags').fill(`team-${suffix}`)
  await limits
    .getByRole('search', { name: 'Find tags' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await limits.getByRole('button', { name: `Add team-${suffix}` }).click()
  await expect(toast(page)).toContainText('Tag added')
  await limits.getByLabel('Include children of these projects').check()
  await limits.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page)).toContainText('Limits saved')
  await expect(limits.getByText('The policy applies only to these projects')).toBeVisible()
  await expectNoAxeViolations(page)

  const limited = await readPolicy(baseURL!, policy.uuid)
  expect(limited).toMatchObject({
    name: `renamed-${suffix}`,
    operator: 'ALL',
    violationState: 'FAIL',
    includeChildren: true,
    global: false,
    tags: [{ name: `team-${suffix}` }],
  })
  expect(limited!.projects.map((project) => project.name)).toEqual([`limited-${suffix}`])

  await limits.getByRole('button', { name: `Remove team-${suffix}` }).click()
  await expect(toast(page)).toContainText('Tag removed')
  await expect(limits.getByText('No tags.')).toBeVisible()

  await page.getByRole('link', { name: 'Delete policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete policy' })
  await expect(dialog).toContainText(`Delete the policy renamed-${suffix}?`)
  await dialog.getByRole('button', { name: 'Delete policy' }).click()
  await expect(page).toHaveURL(/\/policy$/)
  await expect(toast(page)).toContainText(`Policy renamed-${suffix} deleted`)
  expect(await readPolicy(baseURL!, policy.uuid)).toBeNull()
})

test('the editor works from the keyboard and reads well on a phone in the dark theme', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const policy = await createPolicy(baseURL!, `dark-${uniqueSuffix()}`)
  const user = await makeUser(['POLICY_MANAGEMENT'])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, user, `/policy/${policy.uuid}`)
  // Without VIEW_PORTFOLIO the limits are shown but cannot be searched.
  await expect(
    page.getByText('Adding projects and tags needs the View Portfolio permission.'),
  ).toBeVisible()

  const first = row(page, 'New condition 1')
  await first.getByLabel('Subject').focus()
  await page.keyboard.press('ArrowDown')
  await expect(first.getByLabel('Operator')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(first.getByLabel('Operator')).toBeFocused()
  await first.getByLabel('Subject').selectOption({ label: 'Version distance' })
  for (const part of ['Epoch', 'Major', 'Minor', 'Patch'])
    await expect(first.getByLabel(part)).toBeVisible()
  await first.getByLabel('Major').fill('1')
  await first.getByLabel('Major').press('Enter')
  await expect(toast(page)).toContainText('Conditions saved: 1')
  expect((await readPolicy(baseURL!, policy.uuid))!.policyConditions[0]).toMatchObject({
    subject: 'VERSION_DISTANCE',
    value: '{"major":"1"}',
  })
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
})
