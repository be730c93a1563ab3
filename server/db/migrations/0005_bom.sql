-- Uploaded BOMs waiting for the bom.process job; an upload is removed once its job has run.
CREATE TABLE bom_upload (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  format text NOT NULL,
  spec_version text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bom_upload_project_idx ON bom_upload (project_id);

-- The gzip-compressed BOM in parts of a few MiB: one huge value would make the embedded
-- database grow its memory for good.
CREATE TABLE bom_upload_part (
  upload_id bigint NOT NULL REFERENCES bom_upload (id) ON DELETE CASCADE,
  seq int NOT NULL,
  content bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);
-- Already compressed: skip TOAST compression.
ALTER TABLE bom_upload_part ALTER COLUMN content SET STORAGE EXTERNAL;
