import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { epssRows } from './epss-csv.ts'

const rowsOf = async (text: string) => {
  const rows = []
  for await (const row of epssRows(Readable.from([Buffer.from(text)]))) rows.push(row)
  return rows
}

describe('epssRows', () => {
  it('reads the scores after the model comment and the header', async () => {
    const rows = await rowsOf(
      '#model_version:v2025.03.14,score_date:2025-08-25T12:55:00Z\ncve,epss,percentile\nCVE-1999-0001,0.01297,0.79248\r\nCVE-2024-23113,0.94263,0.99932\n',
    )
    expect(rows).toEqual([
      { cveId: 'CVE-1999-0001', score: 0.01297, percentile: 0.79248 },
      { cveId: 'CVE-2024-23113', score: 0.94263, percentile: 0.99932 },
    ])
  })

  it('accepts a file without the comment line', async () => {
    expect(await rowsOf('cve,epss,percentile\nCVE-2022-1954,0.00043,0.1\n')).toHaveLength(1)
  })

  it('refuses a file without the header', async () => {
    await expect(rowsOf('{"vulnerabilities": []}\n')).rejects.toThrow(/not an EPSS scores CSV/)
    await expect(rowsOf('#model_version:v1\n')).rejects.toThrow(/no "cve,epss,percentile" header/)
  })

  it('names the line of a malformed row', async () => {
    await expect(
      rowsOf('cve,epss,percentile\nCVE-2022-1954,0.1,0.2\nCVE-2022-1955,high,0.2\n'),
    ).rejects.toThrow(/line 3/)
    await expect(rowsOf('cve,epss,percentile\nCVE-2022-1954,1.5,0.2\n')).rejects.toThrow(/line 2/)
    await expect(rowsOf('cve,epss,percentile\nGHSA-1,0.1,0.2\n')).rejects.toThrow(/line 2/)
  })
})
