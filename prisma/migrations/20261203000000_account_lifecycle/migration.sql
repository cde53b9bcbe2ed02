-- Issue 23: the account's whole life. Dormancy periods and their monthly fees (004:DRM), the
-- player's notice of termination (004:TRM-01..03), termination grounds that are conditions offered
-- to staff (TRM-10 (v), (xi), (xiv), (xv)), complaints with their SLA clocks (004:CMP, 002:CMP), and
-- the closure settlement on the temporary account's refund cascade (TRM-13..17).

ALTER TABLE "temporary_account_refund"
  ADD COLUMN "cause" VARCHAR(30) NOT NULL DEFAULT 'TEMPORARY_ACCOUNT_CANCELLED',
  ADD COLUMN "bank_details_due_at" TIMESTAMPTZ(3);
-- Rows written before: the postal order was due bankDetailsWaitDays (5) after the refund was created.
UPDATE "temporary_account_refund" SET "bank_details_due_at" = "created_at" + INTERVAL '5 days';
ALTER TABLE "temporary_account_refund" ALTER COLUMN "bank_details_due_at" SET NOT NULL;

CREATE TABLE "account_dormancy" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "last_movement_at" TIMESTAMPTZ(3) NOT NULL,
    "dormant_at" TIMESTAMPTZ(3) NOT NULL,
    "notice_message_id" UUID NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" VARCHAR(40),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "account_dormancy_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "account_dormancy_player_id_idx" ON "account_dormancy"("player_id");
-- One open period per player: two workers finding the same inactive player cannot both open one.
CREATE UNIQUE INDEX "account_dormancy_one_open" ON "account_dormancy"("player_id") WHERE "ended_at" IS NULL;

CREATE TABLE "dormancy_fee" (
    "dormancy_id" UUID NOT NULL,
    "month" INTEGER NOT NULL,
    "player_id" UUID NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "ledger_transaction_id" UUID,
    "charged_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "dormancy_fee_pkey" PRIMARY KEY ("dormancy_id", "month"),
    CONSTRAINT "dormancy_fee_amount_not_negative" CHECK ("amount_minor" >= 0)
);
CREATE INDEX "dormancy_fee_player_id_idx" ON "dormancy_fee"("player_id");

CREATE TABLE "player_termination_notice" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "document_name" VARCHAR(200) NOT NULL,
    "document_sha256" CHAR(64) NOT NULL,
    "document" BYTEA NOT NULL,
    "delivered_at" TIMESTAMPTZ(3) NOT NULL,
    "notice_starts_at" TIMESTAMPTZ(3),
    "effective_at" TIMESTAMPTZ(3),
    "disregard_reasons" TEXT[] NOT NULL DEFAULT '{}',
    "withdrawn_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    CONSTRAINT "player_termination_notice_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "player_termination_notice_player_id_idx" ON "player_termination_notice"("player_id");
CREATE INDEX "player_termination_notice_status_effective_at_idx" ON "player_termination_notice"("status", "effective_at");
-- One running notice per player.
CREATE UNIQUE INDEX "player_termination_notice_one_running" ON "player_termination_notice"("player_id") WHERE "status" = 'RUNNING';

CREATE TABLE "termination_candidate" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "ground" VARCHAR(10) NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "detail" TEXT NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "decided_by" UUID,
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "termination_candidate_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "termination_candidate_status_found_at_idx" ON "termination_candidate"("status", "found_at");
-- A ground is offered once while it stays open (the job runs on several workers, and again).
CREATE UNIQUE INDEX "termination_candidate_one_open" ON "termination_candidate"("player_id", "ground") WHERE "status" = 'OPEN';

CREATE TABLE "complaint" (
    "id" UUID NOT NULL,
    "reference" VARCHAR(20) NOT NULL,
    "player_id" UUID,
    "channel" VARCHAR(20) NOT NULL,
    "status" VARCHAR(30) NOT NULL,
    "complainant_name" VARCHAR(200),
    "correspondence_address" VARCHAR(500),
    "reply_email" VARCHAR(254),
    "game" VARCHAR(100),
    "bet_closed_at" TIMESTAMPTZ(3),
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT NOT NULL,
    "remedy_wanted" TEXT,
    "missing" TEXT[] NOT NULL DEFAULT '{}',
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "assess_due_at" TIMESTAMPTZ(3),
    "assessed_at" TIMESTAMPTZ(3),
    "resolve_due_at" TIMESTAMPTZ(3),
    "escalated_at" TIMESTAMPTZ(3),
    "escalation_route" VARCHAR(40),
    "waiting_since" TIMESTAMPTZ(3),
    "paused_ms" BIGINT NOT NULL DEFAULT 0,
    "decision" VARCHAR(20),
    "decision_ground" VARCHAR(40),
    "reasoning" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" VARCHAR(60),
    "recorded_by" VARCHAR(60) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "complaint_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "complaint_reference_key" ON "complaint"("reference");
CREATE INDEX "complaint_player_id_idx" ON "complaint"("player_id");
CREATE INDEX "complaint_status_resolve_due_at_idx" ON "complaint"("status", "resolve_due_at");
