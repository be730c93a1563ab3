import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.server.ts'

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured Markdown: paragraphs, lists, code, tables and bare links', () => {
    const html = renderMarkdown(
      'A **heap** overflow.\n\n- one\n- two\n\n`x < y`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee https://example.org/advisory',
    )!
    expect(html).toContain('<strong>heap</strong>')
    expect(html).toContain('<li>one</li>')
    expect(html).toContain('<code>x &lt; y</code>')
    expect(html).toContain('<td>2</td>')
    expect(html).toContain(
      '<a href="https://example.org/advisory" target="_blank" rel="noopener noreferrer nofollow">',
    )
  })

  it('shows raw HTML as text and never runs script or javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>')!
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;')
    const link = renderMarkdown('[click](javascript:alert) [mail](mailto:sec@example.org)')!
    expect(link).not.toContain('javascript')
    expect(link).toContain('href="mailto:sec@example.org"')
  })

  it("puts the advisory's headings below the card's own title", () => {
    expect(renderMarkdown('# Impact\n\n## Patches')).toBe('<h3>Impact</h3>\n<h4>Patches</h4>')
  })

  it('gives nothing for empty text', () => {
    expect(renderMarkdown(undefined)).toBeUndefined()
    expect(renderMarkdown('  \n')).toBeUndefined()
  })
})
