-- An import writes its new components in small statements before its short publishing
-- transaction; until then they are a batch nobody sees (decision 027). The rows live in
-- component_row; `component` is the view every query reads and writes, showing the rows of no
-- pending batch. A later migration that changes component_row's columns recreates the view.
CREATE TABLE component_batch (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  -- The upload being written: a worker that takes the job over discards what a crashed one left.
  upload_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX component_batch_upload_idx ON component_batch (upload_id);

ALTER TABLE component RENAME TO component_row;
-- NULL for rows written visibly; a published batch's rows keep its (no longer pending) id.
ALTER TABLE component_row ADD COLUMN batch_id bigint;

CREATE VIEW component AS
  SELECT id, uuid, project_id, name, version, "group", classifier, scope, filename, extension,
    md5, sha1, sha256, sha384, sha512, sha3_256, sha3_384, sha3_512, blake2b_256, blake2b_384,
    blake2b_512, blake3, cpe, purl, purl_coordinates, swid_tag_id, internal, description,
    copyright, license, license_expression, license_url, license_id, authors, publisher, supplier,
    direct_dependencies, external_references, notes, last_inherited_risk_score, license_candidates
  FROM component_row
  WHERE batch_id IS NULL OR batch_id NOT IN (SELECT id FROM component_batch);
