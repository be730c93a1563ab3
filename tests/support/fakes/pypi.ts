import { startLoopback, type Loopback } from './loopback.ts'

/** A loopback PyPI JSON API: `GET /pypi/{name}/json` as pypi.org answers it. */
export interface FakePypiProject {
  version: string
  /** Upload time of each release's first file, `yyyy-MM-ddTHH:mm:ss` (UTC). */
  releases: Record<string, string>
}

export interface FakePypi extends Loopback {
  projects: Map<string, FakePypiProject>
  requests: string[]
}

export function pypiProjectJson(name: string, project: FakePypiProject) {
  const file = (version: string, uploaded: string) => ({
    filename: `${name}-${version}-py3-none-any.whl`,
    packagetype: 'bdist_wheel',
    python_version: 'py3',
    upload_time: uploaded,
    upload_time_iso_8601: `${uploaded}.123456Z`,
    url: `https://files.example/${name}-${version}-py3-none-any.whl`,
    yanked: false,
  })
  return {
    info: { name, version: project.version, summary: 'A test project', license: 'MIT' },
    last_serial: 1,
    releases: Object.fromEntries(
      Object.entries(project.releases).map(([version, uploaded]) => [
        version,
        [file(version, uploaded)],
      ]),
    ),
    urls: [file(project.version, project.releases[project.version] ?? '2020-01-01T00:00:00')],
    vulnerabilities: [],
  }
}

export async function startFakePypi(): Promise<FakePypi> {
  const fake = { projects: new Map<string, FakePypiProject>(), requests: [] as string[] }
  return startLoopback(fake, (request) => {
    fake.requests.push(request.url.pathname)
    const match = /^\/pypi\/([^/]+)\/json$/.exec(request.url.pathname)
    const name = match && decodeURIComponent(match[1]!)
    const project = name && fake.projects.get(name)
    if (!project) return { status: 404, json: { message: 'Not Found' } }
    return { status: 200, json: pypiProjectJson(name, project) }
  })
}
