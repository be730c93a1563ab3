-- The analysis engine reads a project's components in id order, a batch at a time: an index
-- range scan per batch instead of sorting every component of the project each time.
CREATE INDEX component_project_id_idx ON component (project_id, id);
