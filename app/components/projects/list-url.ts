/** Builds project-list URLs from the current one, so links keep the reader's filters. */
export function listUrl(current: URLSearchParams, changes: Record<string, string | undefined>) {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key)
    else next.set(key, value)
  }
  next.delete('create')
  const query = next.toString()
  return query ? `?${query}` : '?'
}

export function toggleExpanded(current: URLSearchParams, uuid: string) {
  const expanded = (current.get('expand') ?? '').split(',').filter(Boolean)
  const next = expanded.includes(uuid) ? expanded.filter((id) => id !== uuid) : [...expanded, uuid]
  return listUrl(current, { expand: next.join(',') || undefined })
}
