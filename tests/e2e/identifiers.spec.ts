import { createHash, randomBytes } from 'node:crypto'
import type { Locator } from '@playwright/test'
import { apiFor, createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const COPYRIGHT =
  'Copyright (c) The Apache Software Foundation and a very long list of contributors'

async function componentWithHashes(baseUrl: string) {
  const project = await createProject(baseUrl, {
    name: `hashes-${randomBytes(3).toString('hex')}`,
  })
  const api = apiFor(baseUrl)
  const digest = (algorithm: string) => createHash(algorithm).update(project.name).digest('hex')
  const created = await api.put(`/api/v1/component/project/${project.uuid}`, {
    token: await api.adminToken(),
    json: {
      name: 'log4j-core',
      version: '2.17.1',
      classifier: 'LIBRARY',
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.17.1?type=jar',
      sha256: digest('sha256'),
      sha512: digest('sha512'),
      copyright: COPYRIGHT,
    },
  })
  if (created.status !== 201) throw new Error(`component creation failed: ${created.status}`)
  const { uuid } = JSON.parse(created.text) as { uuid: string }
  return { uuid, project, sha512: digest('sha512') }
}

/** How many lines the given word of the element's text is drawn on. */
function linesOfWord(element: Locator, word: string) {
  return element.evaluate((node, word) => {
    const text = node.firstChild as Text
    const start = text.data.indexOf(word)
    const range = document.createRange()
    range.setStart(text, start)
    range.setEnd(text, start + word.length)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  }, word)
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`facts wrap prose at words and keep hashes readable at ${viewport.width}×${viewport.height}`, async ({
    page,
    makeUser,
    baseURL,
  }) => {
    const component = await componentWithHashes(baseURL!)
    const user = await makeUser(['VIEW_PORTFOLIO'])
    await page.setViewportSize(viewport)
    await signIn(page, user, `/components/${component.uuid}`)
    const facts = page.getByRole('region', { name: 'Component facts' })
    const copyright = facts.getByText(COPYRIGHT)
    await expect(copyright).toBeVisible()
    for (const word of ['contributors', 'Foundation', 'Software']) {
      expect(await linesOfWord(copyright, word), word).toBe(1)
    }

    const hash = facts.getByTitle(component.sha512)
    await expect(hash).toHaveText(component.sha512)
    const charWidth = await hash.evaluate((node) => {
      const probe = document.createElement('span')
      probe.textContent = '0'.repeat(16)
      node.appendChild(probe)
      const width = probe.getBoundingClientRect().width
      probe.remove()
      return width / 16
    })
    const box = await hash.boundingBox()
    expect(box!.width).toBeGreaterThanOrEqual(16 * charWidth - 1)
    await expect(facts.getByTitle(component.uuid)).toHaveText(component.uuid)
  })
}
