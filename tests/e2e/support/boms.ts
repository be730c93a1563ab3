import { randomUUID } from 'node:crypto'

/** A small CycloneDX 1.5 JSON BOM: an application depending on two npm packages. */
export function sampleBom(appName: string) {
  return Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      serialNumber: `urn:uuid:${randomUUID()}`,
      version: 1,
      metadata: {
        component: { type: 'application', name: appName, version: '1.0.0', 'bom-ref': 'app' },
      },
      components: [
        {
          type: 'library',
          name: 'left-pad',
          version: '1.3.0',
          purl: 'pkg:npm/left-pad@1.3.0',
          'bom-ref': 'pkg:npm/left-pad@1.3.0',
          licenses: [{ license: { id: 'WTFPL' } }],
        },
        {
          type: 'library',
          group: '@acme',
          name: 'logger',
          version: '2.0.1',
          purl: 'pkg:npm/%40acme/logger@2.0.1',
          'bom-ref': 'pkg:npm/%40acme/logger@2.0.1',
        },
      ],
      dependencies: [
        { ref: 'app', dependsOn: ['pkg:npm/left-pad@1.3.0', 'pkg:npm/%40acme/logger@2.0.1'] },
        { ref: 'pkg:npm/%40acme/logger@2.0.1', dependsOn: ['pkg:npm/left-pad@1.3.0'] },
      ],
    }),
  )
}
