import { apiFor } from './api.ts'
import {
  assignVulnerability,
  CVSS_V3,
  seedComponent,
  seedInternalVulnerability,
  uniqueVulnPrefix,
} from './vulnerabilities.ts'

/** Portfolio figures as the API gives them to a reader, and a wait for them to be measured. */

async function adminCall(
  baseUrl: string,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  json?: unknown,
) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${text}`)
  return text ? (JSON.parse(text) as unknown) : undefined
}

export async function createTeam(baseUrl: string, name: string) {
  return (await adminCall(baseUrl, 'PUT', '/api/v1/team', { name })) as { uuid: string }
}

export async function joinTeam(baseUrl: string, username: string, teamUuid: string) {
  await adminCall(baseUrl, 'POST', `/api/v1/user/${username}/membership`, { uuid: teamUuid })
}

export async function enablePortfolioAcl(baseUrl: string) {
  await adminCall(baseUrl, 'POST', '/api/v1/configProperty', {
    groupName: 'access-management',
    propertyName: 'acl.enabled',
    propertyValue: 'true',
  })
}

/**
 * A project only `teamUuid` may see under portfolio ACL, with one component carrying one
 * critical finding and `lows` low ones (internal vulnerabilities assigned through the API).
 */
export async function seedTeamProject(baseUrl: string, teamUuid: string | undefined, lows: number) {
  const prefix = uniqueVulnPrefix()
  const project = (await adminCall(baseUrl, 'PUT', '/api/v1/project', {
    name: `metrics-${prefix}`,
    version: '1.0',
    active: true,
    accessTeams: teamUuid ? [{ uuid: teamUuid }] : [],
  })) as { uuid: string; name: string }
  const component = await seedComponent(baseUrl, project.uuid, `lib-${prefix.toLowerCase()}`)
  const severities = [CVSS_V3.critical, ...Array<string>(lows).fill(CVSS_V3.low)]
  for (const [index, vector] of severities.entries()) {
    await addFinding(baseUrl, component.uuid, `${prefix}-${index}`, vector)
  }
  return { prefix, project, component }
}

export async function addFinding(
  baseUrl: string,
  componentUuid: string,
  vulnId: string,
  vector: string = CVSS_V3.low,
) {
  await seedInternalVulnerability(baseUrl, {
    vulnId,
    title: `Flaw ${vulnId}`,
    cvssV3Vector: vector,
  })
  await assignVulnerability(baseUrl, vulnId, componentUuid)
}

export interface PortfolioNow {
  projects: number
  vulnerabilities: number
  critical: number
  low: number
}

/** Asks for a full measurement and waits until the administrator's figures satisfy `ready`. */
export async function measurePortfolio(baseUrl: string, ready: (now: PortfolioNow) => boolean) {
  await adminCall(baseUrl, 'GET', '/api/v1/metrics/portfolio/refresh')
  const deadline = Date.now() + 45_000
  for (;;) {
    const now = (await adminCall(baseUrl, 'GET', '/api/v1/metrics/portfolio/current')) as
      PortfolioNow | undefined
    if (now && ready(now)) return now
    if (Date.now() > deadline)
      throw new Error(`portfolio metrics never got ready: ${JSON.stringify(now)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
