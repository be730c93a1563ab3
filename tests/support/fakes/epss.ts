/** A loopback EPSS feed: `/epss_scores-current.csv.gz` as FIRST publishes it daily. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export interface EpssFake {
  url: string
  /** The CSV served (gzipped), comment and header included. */
  csv: string
  downloads: number
  close(): Promise<void>
}

export const epssCsv = (rows: [cve: string, score: number, percentile: number][]) =>
  `#model_version:v2025.03.14,score_date:2025-08-25T12:55:00Z\ncve,epss,percentile\n${rows
    .map((row) => row.join(','))
    .join('\n')}\n`

export async function startEpssFake(csv: string): Promise<EpssFake> {
  const fake: EpssFake = {
    url: '',
    csv,
    downloads: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server = http.createServer((request, response) => {
    if (request.url !== '/epss_scores-current.csv.gz') return response.writeHead(404).end()
    fake.downloads++
    response.writeHead(200, { 'content-type': 'application/x-gzip' })
    response.end(gzipSync(fake.csv))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return fake
}
