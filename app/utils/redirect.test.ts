import { describe, expect, it } from 'vitest'
import { REDIRECT_PREFIXES, safeRedirect } from './redirect.ts'

const origin = 'https://lookout.example'

describe('safeRedirect', () => {
  it.each(REDIRECT_PREFIXES)('accepts a same-origin path under %s', (prefix) => {
    expect(safeRedirect(`${prefix}/abc?x=1#y`, origin)).toBe(`${prefix}/abc?x=1#y`)
    expect(safeRedirect(prefix, origin)).toBe(prefix)
  })

  it('accepts absolute same-origin URLs and returns only the path', () => {
    expect(safeRedirect(`${origin}/projects/1`, origin)).toBe('/projects/1')
  })

  it.each([
    ['a foreign origin', 'https://evil.example/projects'],
    ['a protocol-relative foreign URL', '//evil.example/projects'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a path outside the known sections', '/logout'],
    ['a prefix look-alike', '/projectsX'],
    ['the sign-in page itself', '/login'],
    ['an empty value', ''],
    ['nothing', null],
    ['another port of the same host', 'https://lookout.example:8443/projects'],
    ['plain http when the console runs on https', 'http://lookout.example/projects'],
  ])('falls back to the dashboard for %s', (_label, target) => {
    expect(safeRedirect(target, origin)).toBe('/dashboard')
  })
})
