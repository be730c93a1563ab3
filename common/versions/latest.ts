import { compareLikeConsole } from './flexver.ts'
import { compareVersions, schemeForPurlType } from './index.ts'

/**
 * How a component's version stands against the latest one its repository knows (dt-screens.md
 * §7.4): `outdated` when a newer version exists, `unstable` when the component is ahead of the
 * latest stable release (a pre-release), `latest` when they are the same version.
 */
export type VersionStatus = 'outdated' | 'unstable' | 'latest'

/** The purl's type (`pkg:npm/…` → `npm`), lower case; undefined without a purl. */
export function purlTypeOf(purl: string | null | undefined): string | undefined {
  const match = /^pkg:\/*([A-Za-z.+-][A-Za-z0-9.+-]*)\//.exec(purl ?? '')
  return match?.[1]?.toLowerCase()
}

/**
 * Compares in the component's ecosystem (decision 011) when the purl names one and both strings
 * are versions of it; otherwise as 4.13's console does (leading `v` dropped, epoch, FlexVer).
 * Undefined when either version is unknown.
 */
export function versionStatus({
  version,
  latestVersion,
  purl,
}: {
  version?: string | null
  latestVersion?: string | null
  purl?: string | null
}): VersionStatus | undefined {
  if (!version || !latestVersion) return undefined
  const scheme = schemeForPurlType(purlTypeOf(purl))
  const inEcosystem =
    scheme === 'generic' ? undefined : compareVersions(scheme, latestVersion, version)
  const diff = inEcosystem ?? compareLikeConsole(latestVersion, version)
  return diff > 0 ? 'outdated' : diff < 0 ? 'unstable' : 'latest'
}
