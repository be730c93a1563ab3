import type { IncomingHttpHeaders } from 'node:http'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function first(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value
}

/**
 * A state-changing console request sent by another site: its Origin names another host than the
 * one addressed (Remix's rule for page actions, applied to resource routes too), or, without an
 * Origin, the browser says it came from elsewhere. Requests outside browsers carry neither.
 */
export function isCrossSiteWrite(method: string, headers: IncomingHttpHeaders): boolean {
  if (SAFE_METHODS.has(method)) return false
  const origin = first(headers.origin)
  if (origin === undefined) {
    const site = first(headers['sec-fetch-site'])
    return site !== undefined && site !== 'same-origin' && site !== 'none'
  }
  const host = first(headers['x-forwarded-host'])?.split(',')[0]?.trim() || first(headers.host)
  try {
    return !host || new URL(origin).host !== host
  } catch {
    return true // "null" (sandboxed or privacy-sensitive contexts) or garbage
  }
}
