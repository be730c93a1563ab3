-- What a source keeps from one finished run to the next (unlike `position`, which only lives
-- while a run is unfinished): the KEV catalogue version with its ETag and Last-Modified, so an
-- unchanged catalogue is neither downloaded nor written again.
ALTER TABLE mirror_state ADD COLUMN marker jsonb;
