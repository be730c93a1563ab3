import { useEffect, useState } from 'react'

/**
 * Whether the page runs with JavaScript (false on the server and in the first render). Controls
 * that depend on other fields are changed only then: without JavaScript the server checks the
 * form instead.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
