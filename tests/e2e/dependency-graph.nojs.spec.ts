import { randomUUID } from 'node:crypto'
import { projectWithGraph } from './support/dependency-graph.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const WEB_FRAMEWORK = 'pkg:npm/web-framework@4.0.0'
const ROUTER = 'pkg:npm/router@1.2.0'
const PATH_PARSER = 'pkg:npm/path-parser@0.3.0'
const LEFT_PAD = 'pkg:npm/left-pad@1.3.0'

test('without JavaScript the graph is a tree of links, expanded through the address', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/dependencyGraph`)
  const tree = page.getByRole('list', { name: 'Dependency tree' })
  await expect(tree.getByRole('link', { name: WEB_FRAMEWORK, exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: 'org.acme util 2.0', exact: true })).toBeVisible()
  await expect(page.getByTestId('dependency-graph-canvas')).toHaveCount(0)

  await tree.getByRole('link', { name: `Show dependencies of ${WEB_FRAMEWORK}` }).click()
  await expect(page).toHaveURL(new RegExp(`expand=${project.uuidOf['web-framework']}`))
  await tree.getByRole('link', { name: `Show dependencies of ${ROUTER}` }).click()
  await expect(tree.getByRole('link', { name: PATH_PARSER, exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: `Hide dependencies of ${ROUTER}` })).toHaveAttribute(
    'aria-expanded',
    'true',
  )

  await tree.getByRole('link', { name: `Hide dependencies of ${WEB_FRAMEWORK}` }).click()
  await expect(tree.getByRole('link', { name: ROUTER, exact: true })).toHaveCount(0)
  await tree.getByRole('link', { name: 'org.acme util 2.0', exact: true }).click()
  await expect(page).toHaveURL(`/components/${project.uuidOf.util}`)
})

test('without JavaScript the lookup shows the paths, and the form shows the whole graph', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(
    page,
    user,
    `/projects/${project.uuid}/dependencyGraph/${project.uuidOf['left-pad']}`,
  )
  const tree = page.getByRole('list', { name: 'Dependency tree' })
  await expect(tree.getByRole('link', { name: LEFT_PAD, exact: true })).toHaveCount(3)
  await expect(tree.getByRole('link', { name: 'payments-api', exact: true })).toHaveCount(0)
  await expect(page.getByText('(searched component)').first()).toBeAttached()

  await page.getByLabel('Show complete graph').check()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/all=1/)
  await expect(tree.getByRole('link', { name: 'payments-api', exact: true })).toBeVisible()

  await page.goto(`/projects/${project.uuid}/dependencyGraph/${randomUUID()}`)
  await expect(page.getByText('Dependency could not be found in dependency graph')).toBeVisible()
})
