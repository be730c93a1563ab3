/** Driving the NVD and EPSS mirrors of a test server: configuration, one run, what it stored. */
import type { MirrorStateRow } from '../../server/data/mirror-state.ts'
import type { MirrorJobPayload } from '../../server/domain/vulnerabilities/mirror/run.ts'
import type { TestServer } from './api-server.ts'
import { runMirrorJob as runOneMirrorJob, storeSourceSettings } from './mirror-runs.ts'

/**
 * Sets `vuln-source` properties. Callers name every source that could reach out (EPSS is on by
 * default): tests never leave a default internet URL switched on.
 */
export async function configureSources(server: TestServer, properties: Record<string, string>) {
  await storeSourceSettings(server, properties)
}

const db = (server: TestServer) => server.lookout.ctx!.db

/** One run (or, with `bulkFile`, one import) of a source, as mirror-runs.ts runs it. */
export const runMirrorJob = (
  server: TestServer,
  source: MirrorJobPayload['source'],
  bulkFile?: string,
): Promise<MirrorStateRow> => runOneMirrorJob(server, source, bulkFile ? { bulkFile } : {})

export async function mirrorStateOf(server: TestServer, source: string) {
  const [row] = await db(server).query<MirrorStateRow>(
    'SELECT * FROM mirror_state WHERE source = $1',
    [source],
  )
  return row
}

export interface StoredVulnerability {
  vuln_id: string
  description: string | null
  references: string | null
  cwes: number[] | null
  published: Date | null
  updated: Date | null
  severity: string | null
  cvss_v2_vector: string | null
  cvss_v2_base_score: number | null
  cvss_v3_vector: string | null
  cvss_v3_base_score: number | null
  cvss_v3_exploitability_sub_score: number | null
  cvss_v3_impact_sub_score: number | null
}

export async function nvdVulnerabilities(server: TestServer): Promise<StoredVulnerability[]> {
  return db(server).query<StoredVulnerability>(
    `SELECT vuln_id, description, "references", cwes, published, updated, severity,
            cvss_v2_vector, cvss_v2_base_score, cvss_v3_vector, cvss_v3_base_score,
            cvss_v3_exploitability_sub_score, cvss_v3_impact_sub_score
     FROM vulnerability WHERE source = 'NVD' ORDER BY vuln_id`,
  )
}

/** The CPEs NVD attributes to a vulnerability, with their ranges. */
export async function nvdSoftwareOf(server: TestServer, vulnId: string) {
  return db(server).query<{
    cpe23: string
    version_start_including: string | null
    version_end_excluding: string | null
    version_end_including: string | null
  }>(
    `SELECT s.cpe23, s.version_start_including, s.version_end_excluding, s.version_end_including
     FROM affected_version_attribution a
     JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
     JOIN vulnerability v ON v.id = a.vulnerability_id
     WHERE v.source = 'NVD' AND v.vuln_id = $1 AND a.source = 'NVD'
     ORDER BY s.cpe23, s.version_start_including NULLS FIRST`,
    [vulnId],
  )
}

export async function configValue(server: TestServer, propertyName: string) {
  const [row] = await db(server).query<{ property_value: string | null }>(
    `SELECT property_value FROM config_property
     WHERE group_name = 'vuln-source' AND property_name = $1`,
    [propertyName],
  )
  return row?.property_value ?? null
}

export async function epssScores(server: TestServer) {
  return db(server).query<{ cve_id: string; score: number; percentile: number }>(
    'SELECT cve_id, score, percentile FROM epss_score ORDER BY cve_id',
  )
}
