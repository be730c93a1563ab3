import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { InvalidBomError } from '../bom/inspect.ts'
import { parseVex, unpackVex } from './parse.ts'

const XML_VEX = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.4" serialNumber="urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79" version="2">
  <metadata><component type="application" bom-ref="app"><name>app</name></component></metadata>
  <vulnerabilities>
    <vulnerability bom-ref="v1">
      <id>CVE-2099-0001</id>
      <source><name>NVD</name><url>https://nvd.nist.gov/</url></source>
      <analysis>
        <state>not_affected</state>
        <justification>code_not_reachable</justification>
        <responses><response>will_not_fix</response><response>update</response></responses>
        <detail>only &amp; never</detail>
      </analysis>
      <affects><target><ref>app</ref></target></affects>
    </vulnerability>
  </vulnerabilities>
</bom>`

describe('parseVex', () => {
  it('reads a CycloneDX XML VEX into the JSON shape, validating it against the schema', async () => {
    const vex = await parseVex(XML_VEX, true)
    expect(vex).toMatchObject({ kind: 'CYCLONEDX', format: 'XML', specVersion: '1.4' })
    expect(vex.document).toMatchObject({
      serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
      version: 2,
      metadata: { component: { 'bom-ref': 'app' } },
      vulnerabilities: [
        {
          id: 'CVE-2099-0001',
          source: { name: 'NVD' },
          analysis: {
            state: 'not_affected',
            justification: 'code_not_reachable',
            response: ['will_not_fix', 'update'],
            detail: 'only & never',
          },
          affects: [{ ref: 'app' }],
        },
      ],
    })
  })

  it('detects OpenVEX by its @context and needs statements with a vulnerability and a status', async () => {
    const document = {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': 'https://example.com/vex',
      statements: [{ vulnerability: { name: 'CVE-1' }, status: 'fixed' }],
    }
    expect(await parseVex(JSON.stringify(document), true)).toMatchObject({
      kind: 'OPENVEX',
      specVersion: '0.2.0',
    })
    const broken = { ...document, statements: [{ vulnerability: {} }] }
    await expect(parseVex(JSON.stringify(broken), true)).rejects.toMatchObject({
      detail: 'Schema validation failed',
      errors: [
        '$.statements[0].vulnerability: a name is required',
        '$.statements[0].status: required',
      ],
    })
    // Unchecked when validation is off.
    expect((await parseVex(JSON.stringify(broken), false)).kind).toBe('OPENVEX')
  })

  it('refuses what is neither, as the BOM upload does', async () => {
    await expect(parseVex('hello', true)).rejects.toBeInstanceOf(InvalidBomError)
    await expect(
      parseVex(
        JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', vulnerabilities: 1 }),
        true,
      ),
    ).rejects.toMatchObject({ detail: 'Schema validation failed' })
  })
})

describe('unpackVex', () => {
  it('unpacks gzip and passes plain text through', async () => {
    expect(await unpackVex(gzipSync('{"a":1}'))).toBe('{"a":1}')
    expect(await unpackVex(Buffer.from('\uFEFF<bom/>'))).toBe('<bom/>')
  })

  it('refuses a broken archive as an unreadable BOM', async () => {
    await expect(unpackVex(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).rejects.toMatchObject({
      detail: 'BOM is neither valid JSON nor XML',
    })
    await expect(
      unpackVex(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(20)])),
    ).rejects.toBeInstanceOf(InvalidBomError)
  })
})
