import { describe, expect, it } from 'vitest'
import { localRedirect, REDIRECT_PREFIXES, safeRedirect } from './redirect.ts'

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
    ['a tab a browser drops', '/\t/evil.example/projects'],
    ['a newline', '/projects\n/x'],
    ['a backslash', '/\\evil.example/projects'],
  ])('falls back to the dashboard for %s', (_label, target) => {
    expect(safeRedirect(target, origin)).toBe('/dashboard')
  })
})

const NASTY_TARGETS: [string, unknown][] = [
  ['a tab that makes it protocol-relative', '/\t/evil.example'],
  ['a newline that makes it protocol-relative', '/\n/evil.example'],
  ['a carriage return', '/\r/evil.example'],
  ['a newline inside the path', '/projects\nSet-Cookie: x=1'],
  ['a NUL', '/projects\u0000'],
  ['DEL', '/projects\u007f'],
  ['a backslash', '/\\evil.example'],
  ['a backslash after the slash of a path', '/projects\\..\\..\\/evil.example'],
  ['a protocol-relative URL', '//evil.example'],
  ['dot segments that normalise to protocol-relative', '/..//evil.example'],
  ['an encoded-dot version of the same', '/%2e%2e//evil.example'],
  ['an absolute URL', 'https://evil.example/'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a relative path', 'projects'],
  ['leading whitespace', ' /projects'],
  ['an empty value', ''],
  ['a file upload instead of text', new Blob(['/projects'])],
  ['nothing', null],
]

describe('localRedirect', () => {
  it.each([
    ['/projects?tag=a#x', '/projects?tag=a#x'],
    ['/login', '/login'],
    ['/projects/../tags', '/tags'],
    ['/projects//x', '/projects//x'],
    ['/components?q=ü', '/components?q=%C3%BC'],
  ])('keeps the local path %s', (target, expected) => {
    expect(localRedirect(target)).toBe(expected)
  })

  it.each(NASTY_TARGETS)('falls back for %s', (_label, target) => {
    expect(localRedirect(target)).toBe('/dashboard')
    expect(localRedirect(target, '/login')).toBe('/login')
  })

  it.each(NASTY_TARGETS)(
    'never leaves the site, whatever the browser makes of %s',
    (_l, target) => {
      const location = localRedirect(target)
      expect(new URL(location, 'https://lookout.example').origin).toBe('https://lookout.example')
      expect(location.startsWith('/') && !location.startsWith('//')).toBe(true)
      expect([...location].some((c) => c < ' ' || c === '\u007f' || c === '\\')).toBe(false)
    },
  )
})
