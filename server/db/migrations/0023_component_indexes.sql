-- (project_id, id) of 0012 answers every lookup by project that (project_id) alone did: one index
-- less to write for every component an import adds (decision 026).
DROP INDEX IF EXISTS component_project_idx;
