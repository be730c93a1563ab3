/**
 * Shields-style SVG badges (dt-api-portfolio §4.23): a grey label, then one coloured box per
 * count, or one box saying there is nothing (or no measurement yet). Text is measured with an
 * approximation of Verdana 11 px; every text and the title are XML-escaped.
 */

export interface BadgeBox {
  name: string
  count: number
  color: string
}

export const SEVERITY_COLORS = {
  critical: '#a51d2d',
  high: '#c23b0e',
  medium: '#9a6700',
  low: '#2f6f9f',
  unassigned: '#5f6368',
} as const

export const VIOLATION_COLORS = { fail: '#a51d2d', warn: '#9a6700', info: '#2f6f9f' } as const

const LABEL_COLOR = '#555'
const NOTHING_COLOR = '#2e7d32'
const UNKNOWN_COLOR = '#6c757d'

export function escapeXml(text: string) {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  )
}

const NARROW = new Set([..."ijlt.,:;!|'()[] fr"])
const WIDE = new Set([...'mwMW@%'])

/** Width of a text in Verdana 11 px, roughly: enough room without clipping. */
export function textWidth(text: string) {
  let width = 0
  for (const char of text) width += NARROW.has(char) ? 4 : WIDE.has(char) ? 10 : 7
  return width
}

const PADDING = 6

function render(title: string, segments: ReadonlyArray<{ text: string; color: string }>) {
  let x = 0
  const placed = segments.map((segment) => {
    const width = textWidth(segment.text) + 2 * PADDING
    const box = { ...segment, x, width }
    x += width
    return box
  })
  const total = x
  const rects = placed
    .map((box) => `<rect x="${box.x}" width="${box.width}" height="20" fill="${box.color}"/>`)
    .join('')
  const texts = placed
    .map((box) => {
      const center = box.x + box.width / 2
      const text = escapeXml(box.text)
      return (
        `<text x="${center}" y="15" fill="#010101" fill-opacity=".3">${text}</text>` +
        `<text x="${center}" y="14">${text}</text>`
      )
    })
    .join('')
  const label = escapeXml(title)
  // Badges inlined side by side share one id space: an id names its content, so a shared one
  // stays right (same width, same clip).
  const clip = `lookout-badge-clip-${total}`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" ` +
    `aria-label="${label}"><title>${label}</title>` +
    '<linearGradient id="lookout-badge-shade" x2="0" y2="100%"><stop offset="0" ' +
    'stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>' +
    `<clipPath id="${clip}"><rect width="${total}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#${clip})">${rects}` +
    `<rect width="${total}" height="20" fill="url(#lookout-badge-shade)"/></g>` +
    '<g fill="#fff" text-anchor="middle" ' +
    'font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">' +
    `${texts}</g></svg>`
  )
}

/**
 * A project's badge: the label, then a box per count (zeros too: colours stay where readers
 * expect them) when anything counts, else the `nothing` text ("no vulnerabilities"); without
 * counts (never measured) "no metrics". `subject` names the project in the title.
 */
export function badgeSvg(
  subject: string,
  label: string,
  boxes: readonly BadgeBox[] | undefined,
  nothing: string,
) {
  const head = { text: label, color: LABEL_COLOR }
  if (!boxes) {
    return render(`${subject}: ${label}: no metrics`, [
      head,
      { text: 'no metrics', color: UNKNOWN_COLOR },
    ])
  }
  if (boxes.every((box) => box.count === 0)) {
    return render(`${subject}: ${label}: ${nothing}`, [
      head,
      { text: nothing, color: NOTHING_COLOR },
    ])
  }
  const summary = boxes.map((box) => `${box.count} ${box.name}`).join(', ')
  return render(`${subject}: ${label}: ${summary}`, [
    head,
    ...boxes.map((box) => ({ text: String(box.count), color: box.color })),
  ])
}
