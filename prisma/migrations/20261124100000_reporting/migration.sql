-- Issue 10: auditor exports and regulatory reports, retention and erasure. What each export contains,
-- how a file is verified and what an erasure keeps: docs/exports.md.

-- ── Exports ──────────────────────────────────────────────────────────────────────────────────
-- One row per export, streamed straight from the API ('direct') or written by a background job
-- ('job'). The manifest (SHA-256, row count, filters, the PostgreSQL snapshot it read and the ledger
-- block range it covers) is kept for both; the file itself only for jobs, in export_chunk.
CREATE TABLE "export_job" (
    "id" UUID NOT NULL,
    "register" VARCHAR(60) NOT NULL,
    "register_version" INTEGER NOT NULL,
    "format" VARCHAR(10) NOT NULL,
    "mode" VARCHAR(10) NOT NULL,
    "filters" JSONB NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    -- A staff user id, or `player:<id>` for a player's own statement.
    "requested_by" VARCHAR(100) NOT NULL,
    -- pg_current_snapshot() as text: the export holds exactly the rows visible in it, so it can be
    -- produced again, byte for byte, to verify a file (scripts/verify-export.ts).
    "snapshot" TEXT,
    "rows_total" BIGINT,
    "rows_written" BIGINT NOT NULL DEFAULT 0,
    "byte_count" BIGINT,
    "sha256" CHAR(64),
    "manifest" JSONB,
    "failure" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "export_job_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "export_job_format" CHECK ("format" IN ('csv', 'jsonl')),
    CONSTRAINT "export_job_mode" CHECK ("mode" IN ('direct', 'job')),
    CONSTRAINT "export_job_status" CHECK ("status" IN ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')),
    CONSTRAINT "export_job_progress" CHECK ("rows_written" >= 0 AND ("rows_total" IS NULL OR "rows_written" <= "rows_total")),
    CONSTRAINT "export_job_ready_has_manifest" CHECK ("status" <> 'READY' OR ("sha256" IS NOT NULL AND "manifest" IS NOT NULL))
);
CREATE INDEX "export_job_status_expires_at_idx" ON "export_job"("status", "expires_at");
CREATE INDEX "export_job_requested_by_created_at_idx" ON "export_job"("requested_by", "created_at");

-- The bytes of a job's file, in order, at most 1 MiB a chunk: no shared volume between the worker
-- that writes and the API that serves the download, and a download streams chunk by chunk.
CREATE TABLE "export_chunk" (
    "export_id" UUID NOT NULL REFERENCES "export_job"("id"),
    "chunk_no" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    CONSTRAINT "export_chunk_pkey" PRIMARY KEY ("export_id", "chunk_no"),
    CONSTRAINT "export_chunk_size" CHECK (octet_length("content") BETWEEN 1 AND 1048576)
);

-- Exports and reports walk the postings of a period in time order (keyset on effective_at, id).
CREATE INDEX "ledger_posting_effective_at_id_idx" ON "ledger_posting"("effective_at", "id");

-- Minor units as a decimal string with exactly `digits` decimals ("12.50", "-0.05", JPY "100"), the
-- text Money.toDecimalString writes: exports format amounts in PostgreSQL, exactly (numeric).
CREATE FUNCTION reporting_decimal(p_minor bigint, p_digits integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT round(p_minor::numeric / (10::numeric ^ p_digits), p_digits)::text
$$;

-- ── Retention and erasure ────────────────────────────────────────────────────────────────────
-- A player's request to erase personal data (GDPR art. 17): what was erased at once, what the law
-- requires us to keep (and until when), and when the kept part was anonymised too.
CREATE TABLE "erasure_request" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "requested_by" VARCHAR(100) NOT NULL,
    "reason" TEXT NOT NULL,
    "erased_fields" TEXT[] NOT NULL,
    "retained_fields" TEXT[] NOT NULL,
    -- Europe/Prague date from which the retained part may be anonymised (the retention period's end).
    "retained_until" DATE NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "erasure_request_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "erasure_request_player_id_key" ON "erasure_request"("player_id");
CREATE INDEX "erasure_request_retained_until_idx" ON "erasure_request"("retained_until") WHERE "completed_at" IS NULL;

-- Records kept for the retention period (002:REC-02, AML act §16) are never deleted by accident: a
-- DELETE is refused unless the transaction first released that player's records, which only
-- packages/reporting's erasePersonalRecords does, after checking that the period has ended.
CREATE FUNCTION retention_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_player text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  IF current_setting('casino.retention_released_player', true) IS DISTINCT FROM v_player THEN
    RAISE EXCEPTION USING ERRCODE = 'RET01',
      MESSAGE = format('%s of player %s is kept for its retention period: DELETE is refused', TG_TABLE_NAME, v_player);
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER player_retention BEFORE DELETE ON "player"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('id');
CREATE TRIGGER player_state_transition_retention BEFORE DELETE ON "player_state_transition"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('player_id');
CREATE TRIGGER personal_data_change_retention BEFORE DELETE ON "personal_data_change"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('player_id');
CREATE TRIGGER self_limit_decision_retention BEFORE DELETE ON "self_limit_decision"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('player_id');
CREATE TRIGGER account_termination_retention BEFORE DELETE ON "account_termination"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('player_id');
CREATE TRIGGER erasure_request_retention BEFORE DELETE ON "erasure_request"
  FOR EACH ROW EXECUTE FUNCTION retention_refuse_delete('player_id');
