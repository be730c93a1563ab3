import { z } from 'zod'
import { FindingShape, type Finding } from '../../common/finding-shapes.ts'

/** SARIF 2.1.0 as 4.13 writes it for a project's findings (dt-api-portfolio §5.1). */
export const SarifJson = z
  .object({ version: z.literal('2.1.0'), $schema: z.string(), runs: z.array(z.unknown()) })
  .meta({ description: 'SARIF 2.1.0 (Accept: application/sarif+json)' })

/** Finding Packaging Format 1.2 (§5.2). */
export const FpfJson = z.object({
  version: z.literal('1.2'),
  meta: z.object({
    application: z.string(),
    version: z.string(),
    timestamp: z.string(),
    baseUrl: z.string().optional(),
  }),
  project: z.object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    description: z.string().optional(),
    purl: z.string().optional(),
    cpe: z.string().optional(),
  }),
  findings: z.array(FindingShape),
})

/** "Improper Input Validation" → "ImproperInputValidation". */
export const pascalCase = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')

function sarifLevel(severity: string) {
  if (severity === 'LOW' || severity === 'INFO') return 'note'
  if (severity === 'MEDIUM') return 'warning'
  if (severity === 'HIGH' || severity === 'CRITICAL') return 'error'
  return 'none'
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

export function findingsSarif(findings: readonly Finding[], version: string) {
  const rules = new Map<string, Finding['vulnerability']>()
  for (const finding of findings)
    if (!rules.has(finding.vulnerability.vulnId))
      rules.set(finding.vulnerability.vulnId, finding.vulnerability)
  return {
    version: '2.1.0' as const,
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: 'OWASP Dependency-Track',
            fullName: `OWASP Dependency-Track - ${version}`,
            version,
            informationUri: 'https://dependencytrack.org/',
            rules: [...rules.values()].map((v) => ({
              id: v.vulnId,
              name: pascalCase(v.cweName ?? ''),
              shortDescription: { text: v.vulnId },
              fullDescription: { text: text(v.description) },
            })),
          },
        },
        results: findings.map(({ component: c, vulnerability: v }) => ({
          ruleId: v.vulnId,
          message: { text: text(v.description) },
          locations: [{ logicalLocations: [{ fullyQualifiedName: text(c.purl) }] }],
          level: sarifLevel(v.severity),
          properties: {
            name: c.name,
            group: text(c.group),
            version: text(c.version),
            source: v.source,
            cweId: text(v.cweId),
            cvssV3BaseScore: text(v.cvssV3BaseScore),
            epssScore: text(v.epssScore),
            epssPercentile: text(v.epssPercentile),
            severityRank: text(v.severityRank),
            recommendation: text(v.recommendation),
          },
        })),
      },
    ],
  }
}

export function findingsFpf(
  project: {
    uuid: string
    name: string
    version: string | null
    description: string | null
    purl: string | null
    cpe: string | null
  },
  findings: Finding[],
  meta: { version: string; baseUrl: string | undefined; now?: Date },
): z.infer<typeof FpfJson> {
  const opt = (value: string | null) => value ?? undefined
  return {
    version: '1.2',
    meta: {
      application: 'Dependency-Track',
      version: meta.version,
      timestamp: (meta.now ?? new Date()).toISOString(),
      baseUrl: meta.baseUrl,
    },
    project: {
      uuid: project.uuid,
      name: project.name,
      version: opt(project.version),
      description: opt(project.description),
      purl: opt(project.purl),
      cpe: opt(project.cpe),
    },
    findings,
  }
}
