import { randomBytes, randomUUID } from 'node:crypto'
import { createProject } from './support/api.ts'
import { projectWithGraph } from './support/dependency-graph.ts'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

const WEB_FRAMEWORK = 'pkg:npm/web-framework@4.0.0'
const ROUTER = 'pkg:npm/router@1.2.0'
const LEFT_PAD = 'pkg:npm/left-pad@1.3.0'

test('the graph opens as a canvas; the list view expands in place and links to components', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/dependencyGraph`)
  await expect(page.getByRole('heading', { name: 'Dependency graph' })).toBeVisible()
  await expect(page.getByTestId('dependency-graph-canvas')).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('[data-testid="dependency-graph-canvas"] canvas').first()).toBeVisible({
    timeout: 15_000,
  })

  await page.getByRole('link', { name: 'List' }).click()
  await expect(page).toHaveURL(/view=list/)
  const tree = page.getByRole('list', { name: 'Dependency tree' })
  await expect(tree.getByRole('link', { name: WEB_FRAMEWORK, exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: 'org.acme util 2.0', exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: 'payments-api', exact: true })).toHaveAttribute(
    'href',
    /^\/services\//,
  )
  await expect(tree.getByRole('link', { name: ROUTER, exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page)

  const expand = tree.getByRole('link', { name: `Show dependencies of ${WEB_FRAMEWORK}` })
  await expect(expand).toHaveAttribute('aria-expanded', 'false')
  await expand.click()
  await expect(tree.getByRole('link', { name: ROUTER, exact: true })).toBeVisible()
  // Expanding happens in place: the address does not change and nothing reloads.
  await expect(page).not.toHaveURL(/expand=/)
  await expect(
    tree.getByRole('link', { name: `Hide dependencies of ${WEB_FRAMEWORK}` }),
  ).toBeFocused()
  await expectNoAxeViolations(page)

  await tree.getByRole('link', { name: ROUTER, exact: true }).click()
  await expect(page).toHaveURL(`/components/${project.uuidOf.router}`)
})

test('the canvas can be walked with the keyboard: expand, then open a component', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/dependencyGraph`)
  const canvas = page.getByTestId('dependency-graph-canvas')
  await expect(canvas.locator('canvas').first()).toBeVisible({ timeout: 15_000 })
  await canvas.focus()
  await expect(page.getByText(`${WEB_FRAMEWORK}, level 1, collapsed`)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`${WEB_FRAMEWORK}, level 1, expanded`)).toBeAttached()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText(`${ROUTER}, level 2, collapsed`)).toBeAttached()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/components/${project.uuidOf.router}`)
})

test('lookup shows only the paths to the component, highlighted, and can show the whole graph', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(
    page,
    user,
    `/projects/${project.uuid}/dependencyGraph/${project.uuidOf['left-pad']}?view=list`,
  )
  await expect(page.getByRole('link', { name: 'Dependency graph', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const tree = page.getByRole('list', { name: 'Dependency tree' })
  await expect(
    tree.getByRole('link', { name: 'pkg:npm/path-parser@0.3.0', exact: true }),
  ).toBeVisible()
  await expect(tree.getByRole('link', { name: 'org.acme util 2.0', exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: 'payments-api', exact: true })).toHaveCount(0)
  const matches = tree.getByRole('link', { name: LEFT_PAD, exact: true })
  await expect(matches).toHaveCount(3)
  await expect(matches.first()).toHaveClass(/border-success/)
  await expect(matches.first()).toBeInViewport()
  await expectNoAxeViolations(page)

  await page.getByLabel('Show complete graph').check()
  await expect(page).toHaveURL(/all=1/)
  await expect(tree.getByRole('link', { name: 'payments-api', exact: true })).toBeVisible()
  await expect(tree.getByRole('link', { name: LEFT_PAD, exact: true }).first()).toHaveClass(
    /border-success/,
  )
})

test('a component outside the graph is reported, and a project without a graph says so', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await projectWithGraph(baseURL!)
  await signIn(page, user, `/projects/${project.uuid}/dependencyGraph/${randomUUID()}`)
  await expect(page.getByText('Dependency could not be found in dependency graph')).toBeVisible()
  await page.getByRole('link', { name: 'Show the whole graph' }).click()
  await expect(page.getByTestId('dependency-graph-canvas')).toBeVisible({ timeout: 15_000 })

  const empty = await createProject(baseURL!, { name: `bare-${randomBytes(3).toString('hex')}` })
  await page.goto(`/projects/${empty.uuid}/dependencyGraph`)
  await expect(page.getByText('This project has no dependency graph.')).toBeVisible()
  await expectNoAxeViolations(page)
})

/** The ids of canvas nodes drawn (even partly) outside the canvas; [] once the view fits. */
function nodesOutsideCanvas(page: Page) {
  return page.getByTestId('dependency-graph-canvas').evaluate((host) => {
    type Cy = {
      width(): number
      height(): number
      nodes(): Array<{
        id(): string
        renderedBoundingBox(options: object): { x1: number; y1: number; x2: number; y2: number }
      }>
    }
    const container = [...host.querySelectorAll('div')].find(
      (element) => (element as unknown as { _cyreg?: { cy?: Cy } })._cyreg?.cy,
    ) as unknown as { _cyreg: { cy: Cy } } | undefined
    if (!container) return ['no canvas yet']
    const cy = container._cyreg.cy
    return cy
      .nodes()
      .filter((node) => {
        const box = node.renderedBoundingBox({ includeLabels: true })
        return box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()
      })
      .map((node) => node.id())
  })
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`the canvas opens fitted to the graph, and a lookup fitted to the whole path (${viewport.width}×${viewport.height})`, async ({
    page,
    makeUser,
    baseURL,
  }) => {
    const user = await makeUser(['VIEW_PORTFOLIO'])
    const project = await projectWithGraph(baseURL!)
    await page.setViewportSize(viewport)
    await signIn(page, user, `/projects/${project.uuid}/dependencyGraph`)
    const canvas = page.getByTestId('dependency-graph-canvas')
    await expect(canvas.locator('canvas').first()).toBeVisible({ timeout: 15_000 })
    await expect.poll(() => nodesOutsideCanvas(page), { timeout: 5_000 }).toEqual([])

    await page.goto(`/projects/${project.uuid}/dependencyGraph/${project.uuidOf['left-pad']}`)
    await expect(canvas.locator('canvas').first()).toBeVisible({ timeout: 15_000 })
    await expect.poll(() => nodesOutsideCanvas(page), { timeout: 5_000 }).toEqual([])

    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Fit to screen' }).click()
    await expect.poll(() => nodesOutsideCanvas(page), { timeout: 5_000 }).toEqual([])
  })
}
