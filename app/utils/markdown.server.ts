import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import sanitizeHtml from 'sanitize-html'

const ALLOWED_TAGS = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'img'),
  'del',
  'input',
]

/**
 * Vulnerability texts (descriptions, details, references, credits) come from the mirrored
 * advisories and may hold any markup. They are rendered as GitHub-flavoured Markdown with raw
 * HTML shown as text (as the 4.13 console does) and unsafe link targets dropped (micromark's
 * defaults), then sanitised once more; links leave the console in a new tab without a referrer.
 */
export function renderMarkdown(text: string | undefined | null): string | undefined {
  if (!text?.trim()) return undefined
  const html = micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      input: ['type', 'checked', 'disabled'],
      th: ['align'],
      td: ['align'],
      code: ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // The card's title is an h2: the advisory's own headings sit below it.
    transformTags: {
      h1: 'h3',
      h2: 'h4',
      h3: 'h5',
      h4: 'h6',
      h5: 'h6',
      a: sanitizeHtml.simpleTransform('a', {
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      }),
    },
    allowedSchemesAppliedToAttributes: ['href'],
  })
}
