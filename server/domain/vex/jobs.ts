/** The durable job an accepted VEX enqueues; its handler is server/jobs/vex-processing.ts. */
export const VEX_PROCESS_JOB = 'vex.process'

export interface VexProcessPayload {
  /** The stored upload (table bom_upload, format `VEX`) holding the VEX text, gzip-compressed. */
  uploadId: number
}

/** The `format` of a stored VEX upload, so it is never mistaken for a BOM. */
export const STORED_VEX_FORMAT = 'VEX'
