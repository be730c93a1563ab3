import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { licenseIdConformance } from '@nodesecure/conformance'

/**
 * The bundled license catalogue, read from maintained npm packages (decision 015):
 * spdx-license-list (name, OSI flag, text, url), spdx-license-ids (current and deprecated ids),
 * spdx-exceptions (exception ids) and @nodesecure/conformance (FSF libre flags). No package
 * ships SPDX templates or standard headers, so those stay empty for bundled entries.
 */

export interface BundledLicense {
  licenseId: string
  name: string
  text: string | null
  osiApproved: boolean
  fsfLibre: boolean
  deprecated: boolean
  exception: boolean
  seeAlso: string[] | null
}

interface ListedLicense {
  name: string
  url?: string
  osiApproved: boolean
  licenseText?: string
}

const require = createRequire(import.meta.url)
const PACKAGES = [
  'spdx-license-list',
  'spdx-license-ids',
  'spdx-exceptions',
  '@nodesecure/conformance',
] as const

/** A package's version, from the package.json above its entry (some do not export it). */
function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name))
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === name) return manifest.version ?? 'unknown'
    }
    if (path.dirname(dir) === dir) return 'unknown'
    dir = path.dirname(dir)
  }
}

/** Changes whenever one of the source packages (or this module's mapping) changes. */
export function bundledCatalogueVersion(): string {
  return ['format-1', ...PACKAGES.map((name) => `${name}@${packageVersion(name)}`)].join(' ')
}

function fsfLibre(licenseId: string) {
  const conformance = licenseIdConformance(licenseId)
  return conformance.ok ? conformance.val.spdx.fsf : false
}

/** Every bundled license and exception; the full texts weigh about 5 MB, so load on demand. */
export function bundledLicenses(): BundledLicense[] {
  const listed = require('spdx-license-list/full.js') as Record<string, ListedLicense>
  const current = new Set(require('spdx-license-ids/index.json') as string[])
  const deprecated = require('spdx-license-ids/deprecated.json') as string[]
  const exceptions = require('spdx-exceptions/index.json') as string[]
  const deprecatedExceptions = require('spdx-exceptions/deprecated.json') as string[]
  const ids = new Set([...current, ...deprecated, ...Object.keys(listed)])
  const licenses: BundledLicense[] = [...ids].map((licenseId) => {
    const entry = listed[licenseId]
    return {
      licenseId,
      // A few ids are newer than the list's texts: their id is their name until it catches up.
      name: entry?.name ?? licenseId,
      text: entry?.licenseText ?? null,
      osiApproved: entry?.osiApproved ?? false,
      fsfLibre: fsfLibre(licenseId),
      // `GPL-2.0+` and the like are in neither id list any more: deprecated too.
      deprecated: !current.has(licenseId),
      exception: false,
      seeAlso: entry?.url ? [entry.url] : null,
    }
  })
  for (const licenseId of [...exceptions, ...deprecatedExceptions]) {
    if (ids.has(licenseId)) continue
    ids.add(licenseId)
    licenses.push({
      licenseId,
      // spdx-exceptions ships ids only.
      name: licenseId,
      text: null,
      osiApproved: false,
      fsfLibre: false,
      deprecated: !exceptions.includes(licenseId),
      exception: true,
      seeAlso: null,
    })
  }
  return licenses
}
