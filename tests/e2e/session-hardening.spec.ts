import { expect, signIn, test } from './support/fixtures.ts'

test('signing out revokes the session: a copy of the old cookie gets the sign-in page', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  const cookies = await page.context().cookies()
  expect(cookies.some((cookie) => cookie.name === '__lookout_session')).toBe(true)

  await page.getByLabel('User menu').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.context().addCookies(cookies)
  await page.goto('/projects')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test('a form on another site cannot sign the reader out', async ({ page, makeUser, baseURL }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Prize</title>
        <form method="post" action="${baseURL}/logout"><button>Claim</button></form>`,
    }),
  )
  await page.goto('http://evil.example/prize')
  const [response] = await Promise.all([
    page.waitForResponse(`${baseURL}/logout`),
    page.getByRole('button', { name: 'Claim' }).click(),
  ])
  expect(response.status()).toBe(403)
  expect(await response.text()).toBe('Cross-site request refused')

  await page.goto('/projects')
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
})

test.describe('theme and language posts', () => {
  for (const [path, field, value] of [
    ['/resources/theme', 'theme', 'dark'],
    ['/resources/language', 'language', 'de'],
  ] as const) {
    test(`${path} refuses other sites and never redirects off-site`, async ({ request }) => {
      const foreign = await request.post(path, {
        headers: { Origin: 'https://evil.example' },
        form: { [field]: value, redirectTo: '/projects' },
        maxRedirects: 0,
      })
      expect(foreign.status()).toBe(403)
      expect(foreign.headers()['set-cookie']).toBeUndefined()

      for (const redirectTo of ['/\t/evil.example', '/\\evil.example', '/..//evil.example']) {
        const response = await request.post(path, {
          form: { [field]: value, redirectTo },
          maxRedirects: 0,
        })
        expect(response.status()).toBe(302)
        expect(response.headers().location).toBe('/dashboard')
      }
      const newline = await request.post(path, {
        form: { [field]: value, redirectTo: '/projects\nX-Injected: 1' },
        maxRedirects: 0,
      })
      expect(newline.status()).toBe(302)
      expect(newline.headers().location).toBe('/dashboard')

      const local = await request.post(path, {
        form: { [field]: value, redirectTo: '/projects?tag=a' },
        maxRedirects: 0,
      })
      expect(local.headers().location).toBe('/projects?tag=a')
    })
  }
})

test('a cross-site post to a page answers 403 with a short text, not an empty 500', async ({
  request,
}) => {
  const response = await request.post('/login', {
    headers: { Origin: 'https://evil.example' },
    form: { username: 'admin', password: 'x' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
  expect(await response.text()).toBe('Cross-site request refused')
})
