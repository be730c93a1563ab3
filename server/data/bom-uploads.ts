import type { Database, Queryable } from '../db/database.ts'
import { maybeOne } from '../db/database.ts'

/** SQL of a BOM upload: resolving or auto-creating its project, and the stored upload itself. */


export interface UploadProjectRow {
  id: number
  uuid: string
  name: string
  version: string | null
  collection_logic: string | null
  is_latest: boolean
}

const PROJECT_COLUMNS = 'id, uuid, name, version, collection_logic, is_latest'

export function findProjectByUuid(db: Queryable, uuid: string) {
  return maybeOne<UploadProjectRow>(db, `SELECT ${PROJECT_COLUMNS} FROM project WHERE uuid = $1`, [
    uuid,
  ])
}

/** Exact name and version; a null version matches only a null version. */
export function findProjectByNameVersion(db: Queryable, name: string, version: string | null) {
  return maybeOne<UploadProjectRow>(
    db,
    `SELECT ${PROJECT_COLUMNS} FROM project
     WHERE name = $1 AND version IS NOT DISTINCT FROM $2 ORDER BY id LIMIT 1`,
    [name, version],
  )
}

export function findLatestProject(db: Queryable, name: string) {
  return maybeOne<UploadProjectRow>(
    db,
    `SELECT ${PROJECT_COLUMNS} FROM project WHERE name = $1 AND is_latest ORDER BY id LIMIT 1`,
    [name],
  )
}

export async function projectTagNames(db: Queryable, projectId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT t.name FROM project_tag pt JOIN tag t ON t.id = pt.tag_id
     WHERE pt.project_id = $1 ORDER BY t.name`,
    [projectId],
  )
  return rows.map((row) => row.name)
}

export async function replaceProjectTags(db: Queryable, projectId: number, names: string[]) {
  await db.query('DELETE FROM project_tag WHERE project_id = $1', [projectId])
  if (names.length === 0) return
  await db.query(
    'INSERT INTO tag (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING',
    [names],
  )
  await db.query(
    `INSERT INTO project_tag (project_id, tag_id)
     SELECT $1, id FROM tag WHERE name = ANY($2::text[]) ON CONFLICT DO NOTHING`,
    [projectId, names],
  )
}

export interface NewProject {
  name: string
  version: string | null
  parentId: number | null
  isLatest: boolean
  accessTeamId: number | null
}

/** Undefined when a project with this name and version appeared meanwhile. */
export async function insertProject(db: Queryable, project: NewProject) {
  if (project.isLatest) {
    await db.query('UPDATE project SET is_latest = false WHERE name = $1 AND is_latest', [
      project.name,
    ])
  }
  const row = await maybeOne<UploadProjectRow>(
    db,
    `INSERT INTO project (name, version, parent_id, is_latest, active)
     VALUES ($1, $2, $3, $4, true)
     ON CONFLICT DO NOTHING
     RETURNING ${PROJECT_COLUMNS}`,
    [project.name, project.version, project.parentId, project.isLatest],
  )
  if (row && project.accessTeamId !== null) {
    await db.query(
      'INSERT INTO project_access_team (project_id, team_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [row.id, project.accessTeamId],
    )
  }
  return row
}

export interface BomUploadRow {
  id: number
  project_id: number
  content?: Buffer
  format: string
  spec_version: string
}

const UPLOAD_PART_BYTES = 2 * 1024 * 1024

export async function insertBomUpload(
  db: Database,
  upload: { projectId: number; content: Uint8Array; format: string; specVersion: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO bom_upload (project_id, format, spec_version) VALUES ($1, $2, $3) RETURNING id`,
      [upload.projectId, upload.format, upload.specVersion],
    )
    const id = Number(rows[0]!.id)
    const content = Buffer.from(upload.content.buffer, upload.content.byteOffset, upload.content.length)
    for (let offset = 0, seq = 0; offset < content.length || seq === 0; offset += UPLOAD_PART_BYTES) {
      // Base64 text: drivers turn a bytea parameter into hex digits byte by byte, far slower.
      await tx.query(
        `INSERT INTO bom_upload_part (upload_id, seq, content) VALUES ($1, $2, decode($3, 'base64'))`,
        [id, seq++, content.subarray(offset, offset + UPLOAD_PART_BYTES).toString('base64')],
      )
    }
    return id
  })
}

export async function findBomUpload(
  db: Queryable,
  id: number,
  withContent: boolean,
): Promise<BomUploadRow | undefined> {
  const row = await maybeOne<BomUploadRow>(
    db,
    'SELECT id, project_id, format, spec_version FROM bom_upload WHERE id = $1',
    [id],
  )
  if (!row || !withContent) return row
  const parts: Buffer[] = []
  for (let seq = 0; ; seq++) {
    const [part] = await db.query<{ content: string }>(
      `SELECT encode(content, 'base64') AS content FROM bom_upload_part
       WHERE upload_id = $1 AND seq = $2`,
      [id, seq],
    )
    if (!part) break
    parts.push(Buffer.from(part.content, 'base64'))
  }
  return { ...row, content: Buffer.concat(parts) }
}

export async function deleteBomUpload(db: Queryable, id: number) {
  await db.query('DELETE FROM bom_upload WHERE id = $1', [id])
}

