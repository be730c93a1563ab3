/** The durable job an accepted upload enqueues; its handler is server/jobs/bom-processing.ts. */
export const BOM_PROCESS_JOB = 'bom.process'

export interface BomProcessPayload {
  uploadId: number
  /** Key of the converted BOM the upload request may have left in this process. */
  handoff?: string
}
