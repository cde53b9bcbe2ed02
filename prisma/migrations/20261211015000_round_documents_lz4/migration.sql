-- Issue 22 (hot paths, D-1858): the documents a bet confirmation writes are compressed with lz4 instead of
-- PostgreSQL's default pglz. Every confirmation rewrites its round's state (tens of kilobytes by the end of a busy
-- betting window) and stores its answer (the round's view); pglz took about 130 µs of the server's CPU per 25 kB
-- state, lz4 about 12 µs, for the same stored size on these documents (docs/performance.md, "Tenth step").
-- Only values written from now on are compressed with lz4; PostgreSQL reads both kinds. A server built without
-- lz4 (it is in every PostgreSQL 14+ image this project documents) keeps pglz: the change is only skipped.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE game_round ALTER COLUMN state SET COMPRESSION lz4, ALTER COLUMN record SET COMPRESSION lz4;
    ALTER TABLE game_action ALTER COLUMN response SET COMPRESSION lz4;
  ELSE
    RAISE NOTICE 'this PostgreSQL has no lz4: round documents stay compressed with pglz';
  END IF;
END;
$$;
