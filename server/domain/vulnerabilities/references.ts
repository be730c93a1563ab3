/** References as 4.13 stores them: one Markdown line `* [url](url)` per distinct URL. */
export function markdownReferences(urls: readonly (string | null | undefined)[]): string | null {
  const distinct = [...new Set(urls.map((url) => url?.trim()).filter((url) => !!url))]
  return distinct.length > 0 ? distinct.map((url) => `* [${url}](${url})`).join('\n') : null
}
