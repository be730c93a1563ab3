import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback Maven repository under `/maven2/`: `GET {group path}/{artifact}/maven-metadata.xml`
 * answers the artifact's metadata as Maven Central writes it; 404 for other artifacts.
 */
export interface MavenArtifact {
  versions: string[]
  /** `versioning/release`; absent when the artifact has only snapshots. */
  release?: string
  /** yyyyMMddHHmmss */
  lastUpdated: string
}

export interface FakeMavenRepository extends Loopback {
  /** By `group:artifact`. */
  artifacts: Map<string, MavenArtifact>
  requests: string[]
  authorizations: (string | undefined)[]
  /** The repository URL to configure (with its `/maven2/` path). */
  repositoryUrl: string
}

export function mavenMetadataXml(group: string, artifact: string, a: MavenArtifact) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>${group}</groupId>
  <artifactId>${artifact}</artifactId>
  <versioning>
    <latest>${a.versions.at(-1) ?? ''}</latest>
    ${a.release ? `<release>${a.release}</release>` : ''}
    <versions>
${a.versions.map((v) => `      <version>${v}</version>`).join('\n')}
    </versions>
    <lastUpdated>${a.lastUpdated}</lastUpdated>
  </versioning>
</metadata>
`
}

export async function startFakeMavenRepository(): Promise<FakeMavenRepository> {
  const fake = {
    artifacts: new Map<string, MavenArtifact>(),
    requests: [] as string[],
    authorizations: [] as (string | undefined)[],
    repositoryUrl: '',
  }
  const loopback = await startLoopback(fake, (request) => {
    fake.requests.push(request.url.pathname)
    fake.authorizations.push(request.headers.authorization)
    const match = /^\/maven2\/(.+)\/([^/]+)\/maven-metadata\.xml$/.exec(request.url.pathname)
    if (!match) return { status: 404, body: 'Not Found' }
    const group = match[1]!.replaceAll('/', '.')
    const artifact = match[2]!
    const found = fake.artifacts.get(`${group}:${artifact}`)
    if (!found) return { status: 404, body: 'Not Found' }
    return {
      status: 200,
      headers: { 'content-type': 'text/xml' },
      body: mavenMetadataXml(group, artifact, found),
    }
  })
  loopback.repositoryUrl = `${loopback.url}/maven2/`
  return loopback
}
