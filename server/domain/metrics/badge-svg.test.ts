import { describe, expect, it } from 'vitest'
import { badgeSvg, escapeXml, SEVERITY_COLORS, textWidth } from './badge-svg.ts'

const boxes = (critical: number, high: number) => [
  { name: 'critical', count: critical, color: SEVERITY_COLORS.critical },
  { name: 'high', count: high, color: SEVERITY_COLORS.high },
]

/** The width attribute of the svg and the x and width of each box, in order. */
function geometry(svg: string) {
  const width = Number(/^<svg[^>]* width="(\d+)"/.exec(svg)![1])
  const rects = [...svg.matchAll(/<rect x="(\d+)" width="(\d+)" height="20" fill="(#\w+)"\/>/g)]
  return { width, rects: rects.map(([, x, w, fill]) => ({ x: Number(x), w: Number(w), fill })) }
}

describe('badges', () => {
  it('draw the label, then a box per count, zeros included, side by side', () => {
    const svg = badgeSvg('app 1.0', 'vulnerabilities', boxes(2, 0), 'no vulnerabilities')
    const { width, rects } = geometry(svg)
    expect(rects.map((rect) => rect.fill)).toEqual(['#555', '#a51d2d', '#c23b0e'])
    expect(rects[1]!.x).toBe(rects[0]!.w)
    expect(width).toBe(rects.reduce((sum, rect) => sum + rect.w, 0))
    expect(svg).toContain('<title>app 1.0: vulnerabilities: 2 critical, 0 high</title>')
    expect(svg).toContain('aria-label="app 1.0: vulnerabilities: 2 critical, 0 high"')
    expect(svg).toMatch(/>2<\/text>.*>0<\/text>/)
  })

  it('say there is nothing when every count is zero, and "no metrics" without counts', () => {
    const none = badgeSvg('app', 'policy violations', boxes(0, 0), 'no violations')
    expect(none).toContain('<title>app: policy violations: no violations</title>')
    expect(geometry(none).rects).toHaveLength(2)
    const unknown = badgeSvg('app', 'policy violations', undefined, 'no violations')
    expect(unknown).toContain('>no metrics</text>')
  })

  it('escape every name and text', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    )
    const svg = badgeSvg('<script>alert(1)</script>', 'vulnerabilities', boxes(1, 1), '')
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('give wide letters more room than narrow ones', () => {
    expect(textWidth('mmm')).toBeGreaterThan(textWidth('iii'))
    expect(textWidth('vulnerabilities')).toBeGreaterThan(70)
  })
})
