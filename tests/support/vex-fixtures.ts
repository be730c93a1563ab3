import { expect } from 'vitest'
import type { apiClient } from './api-client.ts'
import type { TestServer } from './api-server.ts'
import { vulnerabilityFixtures } from './vulnerability-fixtures.ts'

type Api = ReturnType<typeof apiClient>

export const CVE_1 = 'CVE-2099-1001'
export const CVE_2 = 'CVE-2099-1002'
export const GHSA = 'GHSA-vexx-vexx-vexx'
export const GHSA_CVE = 'CVE-2099-1003'

/** lib-a and lib-b share CVE_1, lib-c has CVE_2, lib-a also has GHSA; lib-d has none. */
export const FINDINGS = [
  ['NVD', CVE_1, 'lib-a'],
  ['NVD', CVE_1, 'lib-b'],
  ['NVD', CVE_2, 'lib-c'],
  ['GITHUB', GHSA, 'lib-a'],
] as const
export const COMPONENT_NAMES = ['lib-a', 'lib-b', 'lib-c', 'lib-d'] as const

/**
 * The VEX tests' project `vex-source` with decided findings (built on the vulnerability
 * fixtures), copies of it without decisions, and the VEX upload calls.
 */
export function vexFixtures(server: () => TestServer, api: () => Api, token: () => string) {
  const fixtures = vulnerabilityFixtures(server, api, token)

  /** A version of `vex-source` with the same components and findings, and no analyses. */
  async function projectWithFindings(version: string) {
    const uuid = await fixtures.createProject('vex-source', version)
    const components: Record<string, string> = {}
    for (const name of COMPONENT_NAMES)
      components[name] = await fixtures.createComponent(uuid, name)
    for (const [source, vulnId, name] of FINDINGS)
      await fixtures.assign(source, vulnId, components[name]!)
    return { uuid, components }
  }

  /** A clone of a project with its components (and so its findings), without its analyses. */
  async function cloneOf(projectUuid: string, version: string) {
    const response = await api().request('PUT', '/v1/project/clone', {
      token: token(),
      json: { project: projectUuid, version, includeComponents: true },
    })
    expect(response.status, response.text).toBe(200)
    await fixtures.waitForToken(response.json.token)
    const clone = await api().request(
      'GET',
      `/v1/project/lookup?name=vex-source&version=${version}`,
      { token: token() },
    )
    const listed = await api().request('GET', `/v1/component/project/${clone.json.uuid}`, {
      token: token(),
    })
    const components: Record<string, string> = {}
    for (const component of listed.json as Array<{ name: string; uuid: string }>)
      components[component.name] = component.uuid
    return { uuid: clone.json.uuid as string, components }
  }

  /** The catalogue rows and version 1.0 of `vex-source`, with its analyses. */
  async function sourceProject() {
    await fixtures.mirror([
      {
        source: 'NVD',
        vulnId: CVE_1,
        description: 'A flaw in lib-a and lib-b',
        published: new Date('2099-01-02T03:04:05Z'),
        cwes: [79, 999999],
        cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        cvssV3BaseScore: 9.8,
        severity: 'CRITICAL',
      },
      {
        source: 'NVD',
        vulnId: CVE_2,
        cvssV2Vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
        cvssV2BaseScore: 5,
        severity: 'MEDIUM',
      },
    ])
    await fixtures.mirror([
      {
        source: 'GITHUB',
        vulnId: GHSA,
        severity: 'LOW',
        aliases: [{ ghsaId: GHSA, cveId: GHSA_CVE }],
      },
    ])
    const project = await projectWithFindings('1.0')
    const notAffected = {
      state: 'NOT_AFFECTED',
      justification: 'CODE_NOT_REACHABLE',
      response: 'WILL_NOT_FIX',
      details: 'dead code',
      suppressed: true,
    }
    await fixtures.analyse(project.components['lib-a']!, 'NVD', CVE_1, notAffected)
    await fixtures.analyse(project.components['lib-b']!, 'NVD', CVE_1, notAffected)
    await fixtures.analyse(project.components['lib-c']!, 'NVD', CVE_2, {
      state: 'EXPLOITABLE',
      response: 'UPDATE',
      details: 'bump to 2.0',
    })
    await fixtures.analyse(project.components['lib-a']!, 'GITHUB', GHSA, { state: 'IN_TRIAGE' })
    return project
  }

  /** Analyses of every finding of the project, keyed by component name and vulnerability. */
  async function decisions(projectUuid: string): Promise<Record<string, any>[]> {
    const rows = await fixtures.sql(
      `SELECT c.name, v.vuln_id, a.state, a.justification, a.response, a.details, a.suppressed
       FROM finding f JOIN component c ON c.id = f.component_id
       JOIN vulnerability v ON v.id = f.vulnerability_id JOIN project p ON p.id = f.project_id
       LEFT JOIN analysis a
         ON a.component_id = f.component_id AND a.vulnerability_id = f.vulnerability_id
       WHERE p.uuid = $1 ORDER BY c.name, v.vuln_id`,
      [projectUuid],
    )
    return rows.map(({ name, vuln_id, ...analysis }) => ({
      key: `${name} ${vuln_id}`,
      ...analysis,
    }))
  }

  const putVex = (json: unknown) => api().request('PUT', '/v1/vex', { token: token(), json })

  /** PUT /vex (Base64 in JSON) and wait until the VEX is applied. */
  async function uploadVex(project: Record<string, string>, document: unknown) {
    const text = typeof document === 'string' ? document : JSON.stringify(document)
    const response = await putVex({ ...project, vex: Buffer.from(text).toString('base64') })
    expect(response.status, response.text).toBe(200)
    await fixtures.waitForToken(response.json.token)
  }

  return { ...fixtures, projectWithFindings, cloneOf, sourceProject, decisions, putVex, uploadVex }
}
