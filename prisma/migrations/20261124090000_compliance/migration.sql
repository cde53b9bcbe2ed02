-- Issue 9: the compliance back office. Staff users and roles, the audit log (append-only and
-- hash-chained), sanctions/PEP screening lists, AML monitoring (rules as data, events, risk),
-- alerts, cases, payout holds, suspicious transaction reports, and staff account actions.
-- The rules these tables serve are in docs/compliance.md.

-- ── Staff ──────────────────────────────────────────────────────────────────────────────────────
CREATE TABLE "staff_user" (
    "id" UUID NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "display_name" VARCHAR(100) NOT NULL,
    "password_hash" TEXT NOT NULL,
    -- AES-256-GCM ciphertext of the TOTP secret; never stored in clear.
    "totp_secret_encrypted" TEXT NOT NULL,
    -- The last accepted TOTP time step: a code is accepted once (no replay inside its window).
    "totp_last_time_step" BIGINT,
    "roles" TEXT[] NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failed_login_count" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "staff_user_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_user_roles_known" CHECK (
      cardinality("roles") >= 1
      AND "roles" <@ ARRAY['compliance-officer', 'mlro', 'support', 'finance', 'auditor', 'admin']::TEXT[])
);
CREATE UNIQUE INDEX "staff_user_email_key" ON "staff_user"("email");

-- ── Audit log: append-only, each row chained to the previous one by hash ─────────────────────
CREATE TABLE "audit_log_entry" (
    "seq" BIGSERIAL NOT NULL,
    "id" UUID NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" VARCHAR(20) NOT NULL,
    "actor_id" VARCHAR(100) NOT NULL,
    "actor_roles" TEXT[] NOT NULL,
    "action" VARCHAR(80) NOT NULL,
    "subject_type" VARCHAR(40) NOT NULL,
    "subject_id" VARCHAR(100) NOT NULL,
    "reason" TEXT,
    "before" JSONB,
    "after" JSONB,
    "request_id" VARCHAR(64),
    "previous_hash" CHAR(64) NOT NULL,
    "hash" CHAR(64) NOT NULL,
    CONSTRAINT "audit_log_entry_pkey" PRIMARY KEY ("seq"),
    CONSTRAINT "audit_log_entry_actor_kind" CHECK ("actor_kind" IN ('staff', 'system'))
);
CREATE UNIQUE INDEX "audit_log_entry_id_key" ON "audit_log_entry"("id");
CREATE UNIQUE INDEX "audit_log_entry_hash_key" ON "audit_log_entry"("hash");
CREATE INDEX "audit_log_entry_subject_type_subject_id_seq_idx" ON "audit_log_entry"("subject_type", "subject_id", "seq");
CREATE INDEX "audit_log_entry_actor_id_seq_idx" ON "audit_log_entry"("actor_id", "seq");
CREATE INDEX "audit_log_entry_at_idx" ON "audit_log_entry"("at");

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'AUD01', MESSAGE = format('%s is append-only: %s is refused', TG_TABLE_NAME, TG_OP);
END $$;
CREATE TRIGGER audit_log_entry_append_only BEFORE UPDATE OR DELETE ON "audit_log_entry"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_entry_no_truncate BEFORE TRUNCATE ON "audit_log_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- ── Screening lists (replaces the placeholder screening_list_entry of issue 4) ────────────────
DROP TABLE "screening_list_entry";

CREATE TABLE "screening_list" (
    "id" UUID NOT NULL,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "source_format" VARCHAR(40) NOT NULL,
    -- Raised by every load; the screening index is rebuilt when any list's revision changes.
    "revision" INTEGER NOT NULL DEFAULT 1,
    "entry_count" INTEGER NOT NULL DEFAULT 0,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL,
    "loaded_by" VARCHAR(100) NOT NULL,
    CONSTRAINT "screening_list_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "screening_list_kind" CHECK ("kind" IN ('SANCTIONS', 'PEP')),
    CONSTRAINT "screening_list_source_format" CHECK ("source_format" IN ('opensanctions-ftm', 'eu-fsf-xml', 'sample'))
);
CREATE UNIQUE INDEX "screening_list_code_key" ON "screening_list"("code");

CREATE TABLE "screening_entry" (
    "id" UUID NOT NULL,
    "list_id" UUID NOT NULL REFERENCES "screening_list"("id"),
    "external_id" VARCHAR(200) NOT NULL,
    "primary_name" VARCHAR(300) NOT NULL,
    -- Every name the list gives (the primary one included), as published.
    "names" TEXT[] NOT NULL,
    -- YYYY-MM-DD, or YYYY where the list knows only the year.
    "birth_dates" TEXT[] NOT NULL,
    -- ISO 3166-1 alpha-2, upper case.
    "nationalities" TEXT[] NOT NULL,
    -- Passport and national identification numbers, upper case, letters and digits only.
    "identifiers" TEXT[] NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    -- SHA-256 of the matching-relevant content: a cleared match is raised again when this changes.
    "content_hash" CHAR(64) NOT NULL,
    CONSTRAINT "screening_entry_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "screening_entry_list_id_external_id_key" ON "screening_entry"("list_id", "external_id");

-- A match an officer cleared as a false positive is not raised again for the same entry content.
CREATE TABLE "screening_clearance" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "entry_key" VARCHAR(270) NOT NULL,
    "content_hash" CHAR(64) NOT NULL,
    "cleared_by" VARCHAR(100) NOT NULL,
    "cleared_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "screening_clearance_pkey" PRIMARY KEY ("player_id", "entry_key")
);

-- ── Monitoring: rules as data, the events they are evaluated on, the player's risk ────────────
CREATE TABLE "monitoring_rule" (
    "code" VARCHAR(60) NOT NULL,
    "description" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    -- In minor units of EUR: every amount is compared as its EUR equivalent.
    "threshold_minor" BIGINT,
    "window_minutes" INTEGER,
    "count_min" INTEGER,
    "score" INTEGER NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" VARCHAR(100) NOT NULL,
    CONSTRAINT "monitoring_rule_pkey" PRIMARY KEY ("code"),
    CONSTRAINT "monitoring_rule_bounds" CHECK (
      ("threshold_minor" IS NULL OR "threshold_minor" > 0)
      AND ("window_minutes" IS NULL OR "window_minutes" BETWEEN 1 AND 525600)
      AND ("count_min" IS NULL OR "count_min" >= 1)
      AND "score" BETWEEN 0 AND 100)
);

-- The defaults (docs/compliance.md explains each and how to tune it).
INSERT INTO "monitoring_rule" ("code", "description", "threshold_minor", "window_minutes", "count_min", "score", "params", "updated_at", "updated_by") VALUES
  ('large-transaction', 'A single deposit or withdrawal of 2,000 EUR equivalent or more: customer due diligence.', 200000, NULL, NULL, 30, '{}', CURRENT_TIMESTAMP, 'migration'),
  ('linked-transactions', 'Deposits (or withdrawals) that together reach 2,000 EUR equivalent within the window: linked transactions for customer due diligence.', 200000, 1440, 2, 25, '{}', CURRENT_TIMESTAMP, 'migration'),
  ('structuring', 'Several deposits just under the due-diligence threshold within the window.', 200000, 1440, 3, 40, '{"nearBelowBps": 8000}', CURRENT_TIMESTAMP, 'migration'),
  ('rapid-in-out', 'A withdrawal soon after deposits with little play in between.', 50000, 2880, NULL, 35, '{"playedBpsMax": 2000, "withdrawnBpsMin": 5000}', CURRENT_TIMESTAMP, 'migration'),
  ('deposit-velocity', 'Many successful deposits within the window.', NULL, 60, 5, 15, '{}', CURRENT_TIMESTAMP, 'migration'),
  ('failed-payment-velocity', 'Many failed deposit attempts within the window.', NULL, 60, 5, 15, '{}', CURRENT_TIMESTAMP, 'migration'),
  ('many-payment-methods', 'Many different payment methods added within the window.', NULL, 43200, 3, 20, '{}', CURRENT_TIMESTAMP, 'migration'),
  ('profile-change', 'Deposits in the last day far above the player''s own daily average.', 50000, 1440, NULL, 25, '{"multiplierBps": 50000, "historyDays": 90, "historyDepositsMin": 3}', CURRENT_TIMESTAMP, 'migration'),
  ('chip-dumping', 'Chips flowing one way between two poker players across several hands.', 50000, 10080, 3, 40, '{"oneWayBpsMin": 9000}', CURRENT_TIMESTAMP, 'migration');

CREATE TABLE "monitoring_event" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "kind" VARCHAR(30) NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "amount_minor" BIGINT,
    "currency" CHAR(3),
    -- The amount's EUR equivalent at the rate in force when the event was recorded.
    "amount_eur_minor" BIGINT,
    "outcome" VARCHAR(20),
    "payment_method_id" VARCHAR(100),
    "counterparty_player_id" UUID,
    "reference" VARCHAR(200),
    "data" JSONB NOT NULL DEFAULT '{}',
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "monitoring_event_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitoring_event_kind" CHECK ("kind" IN ('deposit', 'withdrawal', 'stake', 'win', 'payment-method-change', 'login', 'chip-transfer')),
    CONSTRAINT "monitoring_event_amount" CHECK (("amount_minor" IS NULL) = ("currency" IS NULL) AND ("amount_minor" IS NULL OR "amount_minor" >= 0))
);
CREATE INDEX "monitoring_event_player_id_occurred_at_idx" ON "monitoring_event"("player_id", "occurred_at");
CREATE INDEX "monitoring_event_counterparty_player_id_occurred_at_idx" ON "monitoring_event"("counterparty_player_id", "occurred_at");

CREATE TABLE "player_risk" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "score" INTEGER NOT NULL,
    "level" VARCHAR(10) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_risk_pkey" PRIMARY KEY ("player_id"),
    CONSTRAINT "player_risk_level" CHECK ("level" IN ('LOW', 'MEDIUM', 'HIGH'))
);

-- ── Alerts and cases ──────────────────────────────────────────────────────────────────────────
CREATE TABLE "compliance_case" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "title" VARCHAR(200) NOT NULL,
    "status" VARCHAR(30) NOT NULL,
    "assigned_to" UUID REFERENCES "staff_user"("id"),
    "escalated_at" TIMESTAMPTZ(3),
    "escalated_by" UUID REFERENCES "staff_user"("id"),
    "decision" VARCHAR(30),
    "decision_reason" TEXT,
    "decided_by" UUID REFERENCES "staff_user"("id"),
    "decided_at" TIMESTAMPTZ(3),
    "created_by" UUID NOT NULL REFERENCES "staff_user"("id"),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "compliance_case_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "compliance_case_status" CHECK ("status" IN ('OPEN', 'AWAITING_INFORMATION', 'ESCALATED', 'CLOSED')),
    CONSTRAINT "compliance_case_decision" CHECK ("decision" IS NULL OR "decision" IN ('no-action', 'request-information', 'hold-payouts', 'file-report', 'close-account'))
);
CREATE INDEX "compliance_case_player_id_idx" ON "compliance_case"("player_id");
CREATE INDEX "compliance_case_status_created_at_idx" ON "compliance_case"("status", "created_at");

CREATE TABLE "compliance_alert" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "source" VARCHAR(20) NOT NULL,
    "rule_code" VARCHAR(60) NOT NULL,
    "score" INTEGER NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "details" JSONB NOT NULL,
    -- How often the rule fired again while this alert was open.
    "occurrences" INTEGER NOT NULL DEFAULT 1,
    "last_fired_at" TIMESTAMPTZ(3) NOT NULL,
    "assigned_to" UUID REFERENCES "staff_user"("id"),
    "case_id" UUID REFERENCES "compliance_case"("id"),
    "outcome" VARCHAR(30),
    "closed_by" UUID REFERENCES "staff_user"("id"),
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "compliance_alert_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "compliance_alert_source" CHECK ("source" IN ('SCREENING', 'MONITORING')),
    CONSTRAINT "compliance_alert_status" CHECK ("status" IN ('OPEN', 'IN_CASE', 'CLOSED')),
    CONSTRAINT "compliance_alert_closed" CHECK (("status" = 'CLOSED') = ("closed_at" IS NOT NULL))
);
-- One alert per rule and player while it is not closed: a rule firing again adds an occurrence.
CREATE UNIQUE INDEX "compliance_alert_one_open_per_rule" ON "compliance_alert"("player_id", "rule_code") WHERE "status" <> 'CLOSED';
CREATE INDEX "compliance_alert_player_id_idx" ON "compliance_alert"("player_id");
CREATE INDEX "compliance_alert_status_created_at_idx" ON "compliance_alert"("status", "created_at");
CREATE INDEX "compliance_alert_case_id_idx" ON "compliance_alert"("case_id");

CREATE TABLE "case_comment" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL REFERENCES "compliance_case"("id"),
    "author_id" UUID NOT NULL REFERENCES "staff_user"("id"),
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "case_comment_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "case_comment_case_id_idx" ON "case_comment"("case_id");

CREATE TABLE "case_document" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL REFERENCES "compliance_case"("id"),
    "filename" VARCHAR(200) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "content" BYTEA NOT NULL,
    "uploaded_by" UUID NOT NULL REFERENCES "staff_user"("id"),
    "uploaded_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "case_document_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "case_document_size" CHECK ("size_bytes" > 0 AND "size_bytes" = octet_length("content"))
);
CREATE INDEX "case_document_case_id_idx" ON "case_document"("case_id");

-- Suspends withdrawals and win payouts until released or expired (004:AML-04, WIN-07).
CREATE TABLE "payout_hold" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "case_id" UUID REFERENCES "compliance_case"("id"),
    "reason" TEXT NOT NULL,
    "placed_by" VARCHAR(100) NOT NULL,
    "placed_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    "released_by" VARCHAR(100),
    "release_reason" TEXT,
    CONSTRAINT "payout_hold_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payout_hold_expiry" CHECK ("expires_at" > "placed_at"),
    CONSTRAINT "payout_hold_release" CHECK (("released_at" IS NULL) = ("released_by" IS NULL))
);
CREATE INDEX "payout_hold_player_id_released_at_idx" ON "payout_hold"("player_id", "released_at");

CREATE TABLE "suspicious_transaction_report" (
    "id" UUID NOT NULL,
    "case_id" UUID NOT NULL REFERENCES "compliance_case"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "reasoning" TEXT NOT NULL,
    -- The report as filed: player, transactions, alerts and reasoning, frozen when it was made.
    "document" JSONB NOT NULL,
    "document_sha256" CHAR(64) NOT NULL,
    "created_by" UUID NOT NULL REFERENCES "staff_user"("id"),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "filed_at" TIMESTAMPTZ(3),
    "filed_by" UUID REFERENCES "staff_user"("id"),
    "authority_reference" VARCHAR(100),
    CONSTRAINT "suspicious_transaction_report_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "suspicious_transaction_report_filed" CHECK (("filed_at" IS NULL) = ("filed_by" IS NULL))
);
CREATE INDEX "suspicious_transaction_report_case_id_idx" ON "suspicious_transaction_report"("case_id");

-- ── Player-facing staff actions ──────────────────────────────────────────────────────────────
CREATE TABLE "player_note" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "author_id" UUID NOT NULL REFERENCES "staff_user"("id"),
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_note_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "player_note_player_id_idx" ON "player_note"("player_id");

CREATE TABLE "reverification_demand" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "reason" TEXT NOT NULL,
    "demanded_by" UUID NOT NULL REFERENCES "staff_user"("id"),
    "demanded_at" TIMESTAMPTZ(3) NOT NULL,
    "satisfied_at" TIMESTAMPTZ(3),
    CONSTRAINT "reverification_demand_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "reverification_demand_player_id_idx" ON "reverification_demand"("player_id");

-- The operator's termination of the contract, with its ground from 004:TRM-10.
CREATE TABLE "account_termination" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "ground" VARCHAR(10) NOT NULL,
    "reason" TEXT NOT NULL,
    "terminated_by" UUID NOT NULL REFERENCES "staff_user"("id"),
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    -- 004:TRM-18: the operator may refuse this person's re-registration.
    "reregistration_barred" BOOLEAN NOT NULL,
    CONSTRAINT "account_termination_pkey" PRIMARY KEY ("player_id"),
    CONSTRAINT "account_termination_ground" CHECK ("ground" IN ('i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi'))
);
