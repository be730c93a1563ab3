import { type Page } from '@playwright/test'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { createPolicy, readPolicy } from './support/policies.ts'
import { uniqueSuffix } from './support/licenses.ts'

const row = (page: Page, name: string) => page.getByRole('group', { name, exact: true })
const toast = (page: Page) => page.getByTestId('toast')
const conditionsOf = async (baseUrl: string, uuid: string) =>
  (await readPolicy(baseUrl, uuid))!.policyConditions.map(({ subject, operator, value }) => [
    subject,
    operator,
    value,
  ])

test('without JavaScript: Update inputs draws each subject, and every row saves in one submit', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const policy = await createPolicy(baseURL!, `nojs-${uniqueSuffix()}`)
  const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
  await signIn(page, user, `/policy/${policy.uuid}`)

  await row(page, 'New condition 1').getByLabel('Subject').selectOption({ label: 'Component hash' })
  await row(page, 'New condition 2').getByLabel('Subject').selectOption({ label: 'CWE' })
  await row(page, 'New condition 3').getByLabel('Subject').selectOption({ label: 'Package URL' })
  await page.getByRole('button', { name: 'Update inputs' }).click()

  const hash = row(page, 'New condition 1')
  await hash.getByLabel('Operator').selectOption({ label: 'is not' })
  await hash.getByLabel('Algorithm').selectOption('SHA3-256')
  await hash.getByLabel('Hash').fill('a1b2c3')
  const cwe = row(page, 'New condition 2')
  await expect(cwe.getByLabel('Operator')).toHaveValue('CONTAINS_ANY')
  await cwe.getByLabel('Value').fill('CWE-79, 89')
  await row(page, 'New condition 3').getByLabel('Value').fill('pkg:npm/left-pad')
  await page.getByRole('button', { name: 'Save conditions' }).click()
  await expect(toast(page)).toContainText('Conditions saved: 3')
  expect(await conditionsOf(baseURL!, policy.uuid)).toEqual([
    ['COMPONENT_HASH', 'IS_NOT', '{"algorithm":"SHA3-256","value":"a1b2c3"}'],
    ['CWE', 'CONTAINS_ANY', 'CWE-79, 89'],
    ['PACKAGE_URL', 'MATCHES', 'pkg:npm/left-pad'],
  ])

  // A subject changed and saved at once: its inputs are drawn, nothing is stored yet.
  await row(page, 'Condition 3').getByLabel('Subject').selectOption({ label: 'Vulnerability ID' })
  await page.getByRole('button', { name: 'Save conditions' }).click()
  const problems = page.getByRole('alert').filter({ hasText: 'Nothing was saved' })
  await expect(problems).toContainText('Condition 3 (Vulnerability ID): The subject changed')
  await expect(row(page, 'Condition 3').getByLabel('Value')).toHaveValue('pkg:npm/left-pad')
  expect((await conditionsOf(baseURL!, policy.uuid))[2]).toEqual([
    'PACKAGE_URL',
    'MATCHES',
    'pkg:npm/left-pad',
  ])
  await page.getByRole('button', { name: 'More rows' }).click()
  await expect(row(page, 'New condition 7')).toBeVisible()
  await expect(row(page, 'Condition 3').getByLabel('Value')).toHaveValue('pkg:npm/left-pad')
  await row(page, 'Condition 3').getByLabel('Value').fill('CVE-2021-44228')
  await row(page, 'Condition 1').getByLabel('Remove').check()
  await page.getByRole('button', { name: 'Save conditions' }).click()
  await expect(toast(page)).toContainText('Conditions saved: 2')
  expect(await conditionsOf(baseURL!, policy.uuid)).toEqual([
    ['CWE', 'CONTAINS_ANY', 'CWE-79, 89'],
    ['VULNERABILITY_ID', 'IS', 'CVE-2021-44228'],
  ])
})

test('without JavaScript: find and add a project and a tag, then delete the policy', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const suffix = uniqueSuffix()
  const policy = await createPolicy(baseURL!, `nojs-limits-${suffix}`)
  await createProject(baseURL!, { name: `nojs-app-${suffix}`, tags: [`nojs-team-${suffix}`] })
  const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
  await signIn(page, user, `/policy/${policy.uuid}`)

  const limits = page.getByRole('region', { name: 'Limit to' })
  await limits.getByLabel('Search projects').fill(`nojs-app-${suffix}`)
  await limits
    .getByRole('search', { name: 'Find projects' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await limits.getByRole('button', { name: `Add nojs-app-${suffix}` }).click()
  await expect(toast(page)).toContainText('Project added')
  // The search stays open after the round trip; the project now reads as added.
  await expect(limits.getByRole('list', { name: 'Projects found' })).toContainText('Added')
  await limits.getByLabel('Search tags').fill(`nojs-team-${suffix}`)
  await limits
    .getByRole('search', { name: 'Find tags' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await limits.getByRole('button', { name: `Add nojs-team-${suffix}` }).click()
  await expect(toast(page)).toContainText('Tag added')
  await limits.getByLabel('Only project versions marked as latest').check()
  await limits.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page)).toContainText('Limits saved')
  expect(await readPolicy(baseURL!, policy.uuid)).toMatchObject({
    onlyLatestProjectVersion: true,
    tags: [{ name: `nojs-team-${suffix}` }],
    projects: [{ name: `nojs-app-${suffix}` }],
  })

  await limits.getByRole('button', { name: `Remove nojs-app-${suffix}` }).click()
  await expect(toast(page)).toContainText('Project removed')
  await page.getByRole('link', { name: 'Delete policy' }).click()
  await page
    .getByRole('dialog', { name: 'Delete policy' })
    .getByRole('button', { name: 'Delete policy' })
    .click()
  await expect(toast(page)).toContainText(`Policy nojs-limits-${suffix} deleted`)
  expect(await readPolicy(baseURL!, policy.uuid)).toBeNull()
})
