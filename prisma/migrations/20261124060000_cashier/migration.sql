-- Cashier (packages/cashier): payment methods and their verification, deposits, withdrawals,
-- per-player caps, payment-provider webhook events, debts, misuse fees and clawbacks.
-- Rules: docs/cashier.md. Amounts are integer minor units; money moves only in the ledger.

CREATE TYPE "PaymentMethodKind" AS ENUM ('BANK_ACCOUNT', 'CARD', 'OTHER');
CREATE TYPE "PaymentMethodStatus" AS ENUM ('REGISTERED', 'VERIFICATION_PENDING', 'VERIFIED', 'REJECTED', 'REMOVED');
CREATE TYPE "DepositStatus" AS ENUM ('CREATED', 'PENDING', 'AUTHORIZED', 'SETTLED', 'FAILED', 'EXPIRED', 'REFUSED', 'REFUNDED', 'CHARGED_BACK');
CREATE TYPE "WithdrawalStatus" AS ENUM ('IN_REVIEW', 'APPROVED', 'SENDING', 'SENT', 'PAID', 'FAILED', 'REJECTED', 'CANCELLED');
CREATE TYPE "DebtStatus" AS ENUM ('OPEN', 'OVERDUE', 'REPAID');

CREATE TABLE "payment_method" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "kind" "PaymentMethodKind" NOT NULL,
    "instrument" VARCHAR(30) NOT NULL,
    "status" "PaymentMethodStatus" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "holder_name" VARCHAR(200) NOT NULL,
    "holder_name_exact" BOOLEAN NOT NULL,
    "country" CHAR(2) NOT NULL,
    "display" VARCHAR(80) NOT NULL,
    "account_number_encrypted" TEXT,
    "account_number_hash" CHAR(64),
    "provider_token" VARCHAR(200),
    "card_brand" VARCHAR(20),
    "card_last4" CHAR(4),
    "card_expiry_month" INTEGER,
    "card_expiry_year" INTEGER,
    "card_fingerprint" VARCHAR(100),
    "verification_method" VARCHAR(30),
    "verification_reference" VARCHAR(20),
    "verification_provider_id" VARCHAR(100),
    "verification_deadline_at" TIMESTAMPTZ(3) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "verified_by" VARCHAR(100),
    "rejected_at" TIMESTAMPTZ(3),
    "rejection_reason" VARCHAR(500),
    "removed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "payment_method_pkey" PRIMARY KEY ("id"),
    -- 004:PAY-06: a card is its provider's token, brand, last four digits and expiry, never its number.
    CONSTRAINT "payment_method_card_fields" CHECK (("kind" = 'CARD') = ("card_last4" IS NOT NULL AND "card_brand" IS NOT NULL AND "card_expiry_month" IS NOT NULL AND "card_expiry_year" IS NOT NULL AND "provider_token" IS NOT NULL)),
    CONSTRAINT "payment_method_card_last4" CHECK ("card_last4" IS NULL OR "card_last4" ~ '^[0-9]{4}$'),
    CONSTRAINT "payment_method_bank_fields" CHECK (("kind" = 'BANK_ACCOUNT') = ("account_number_encrypted" IS NOT NULL AND "account_number_hash" IS NOT NULL)),
    -- Only a verified method can be the active one (004:PAY-01, PAY-09).
    CONSTRAINT "payment_method_active_verified" CHECK (NOT "active" OR "status" = 'VERIFIED')
);
-- 004:PAY-09 / 002:PM-06: exactly one active method at a time, race-free.
CREATE UNIQUE INDEX "payment_method_one_active" ON "payment_method"("player_id") WHERE "active";
CREATE UNIQUE INDEX "payment_method_verification_reference_key" ON "payment_method"("verification_reference");
CREATE INDEX "payment_method_player_id_idx" ON "payment_method"("player_id");
CREATE INDEX "payment_method_status_verification_deadline_at_idx" ON "payment_method"("status", "verification_deadline_at");

CREATE TABLE "payment_method_transition" (
    "id" BIGSERIAL NOT NULL,
    "payment_method_id" UUID NOT NULL REFERENCES "payment_method"("id"),
    "from_status" "PaymentMethodStatus",
    "to_status" "PaymentMethodStatus" NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "actor" VARCHAR(100) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "payment_method_transition_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "payment_method_transition_payment_method_id_id_idx" ON "payment_method_transition"("payment_method_id", "id");

CREATE TABLE "payment_method_document" (
    "id" UUID NOT NULL,
    "payment_method_id" UUID NOT NULL REFERENCES "payment_method"("id"),
    "kind" VARCHAR(30) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "content" BYTEA NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,
    "reviewed_at" TIMESTAMPTZ(3),
    "reviewed_by" VARCHAR(100),
    "review_reason" VARCHAR(500),
    CONSTRAINT "payment_method_document_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_method_document_status" CHECK ("status" IN ('SUBMITTED', 'ACCEPTED', 'REJECTED')),
    CONSTRAINT "payment_method_document_size" CHECK ("size_bytes" > 0 AND "size_bytes" <= 1048576)
);
CREATE INDEX "payment_method_document_payment_method_id_idx" ON "payment_method_document"("payment_method_id");

CREATE TABLE "cashier_deposit" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "payment_method_id" UUID REFERENCES "payment_method"("id"),
    "instrument" VARCHAR(30) NOT NULL,
    "channel" VARCHAR(10) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" "DepositStatus" NOT NULL,
    "temporary_account" BOOLEAN NOT NULL,
    "idempotency_key" VARCHAR(200) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "provider" VARCHAR(40),
    "provider_payment_id" VARCHAR(100),
    "redirect_url" TEXT,
    "three_d_secure" VARCHAR(20),
    "ledger_transaction_id" UUID,
    "reversal_transaction_id" UUID,
    "refusal_code" VARCHAR(60),
    "refusal_detail" VARCHAR(500),
    "due_diligence_applied" BOOLEAN NOT NULL DEFAULT false,
    "staff_user_id" VARCHAR(100),
    "id_document_type" VARCHAR(30),
    "id_document_hash" CHAR(64),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "credited_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_deposit_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cashier_deposit_amount_positive" CHECK ("amount_minor" > 0),
    CONSTRAINT "cashier_deposit_channel" CHECK ("channel" IN ('CASHLESS', 'CASH')),
    -- A cash deposit at a branch is a staff operation with an ID check (004:DEP-01, IDV-06).
    CONSTRAINT "cashier_deposit_cash_checked" CHECK ("channel" <> 'CASH' OR ("staff_user_id" IS NOT NULL AND "id_document_hash" IS NOT NULL)),
    CONSTRAINT "cashier_deposit_cashless_method" CHECK ("channel" <> 'CASHLESS' OR "payment_method_id" IS NOT NULL)
);
CREATE UNIQUE INDEX "cashier_deposit_player_id_idempotency_key_key" ON "cashier_deposit"("player_id", "idempotency_key");
CREATE UNIQUE INDEX "cashier_deposit_provider_provider_payment_id_key" ON "cashier_deposit"("provider", "provider_payment_id");
CREATE INDEX "cashier_deposit_player_id_created_at_idx" ON "cashier_deposit"("player_id", "created_at");
CREATE INDEX "cashier_deposit_status_expires_at_idx" ON "cashier_deposit"("status", "expires_at");

CREATE TABLE "cashier_withdrawal" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "payment_method_id" UUID NOT NULL REFERENCES "payment_method"("id"),
    "instrument" VARCHAR(30) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" "WithdrawalStatus" NOT NULL,
    "channel" VARCHAR(20) NOT NULL,
    "requested_by" VARCHAR(100) NOT NULL,
    "idempotency_key" VARCHAR(200) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "hold_id" UUID NOT NULL REFERENCES "ledger_hold"("id"),
    "review_reasons" TEXT[] NOT NULL DEFAULT '{}',
    "reviewed_by" VARCHAR(100),
    "reviewed_at" TIMESTAMPTZ(3),
    "review_note" VARCHAR(500),
    "provider" VARCHAR(40),
    "provider_payout_id" VARCHAR(100),
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "overdue_flagged_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "paid_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "failure_reason" VARCHAR(500),
    "temporary_refund_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_withdrawal_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cashier_withdrawal_amount_positive" CHECK ("amount_minor" > 0),
    CONSTRAINT "cashier_withdrawal_channel" CHECK ("channel" IN ('PLAYER', 'SUPPORT', 'TEMPORARY_REFUND'))
);
CREATE UNIQUE INDEX "cashier_withdrawal_player_id_idempotency_key_key" ON "cashier_withdrawal"("player_id", "idempotency_key");
CREATE UNIQUE INDEX "cashier_withdrawal_hold_id_key" ON "cashier_withdrawal"("hold_id");
CREATE UNIQUE INDEX "cashier_withdrawal_provider_provider_payout_id_key" ON "cashier_withdrawal"("provider", "provider_payout_id");
CREATE UNIQUE INDEX "cashier_withdrawal_temporary_refund_id_key" ON "cashier_withdrawal"("temporary_refund_id");
CREATE INDEX "cashier_withdrawal_player_id_created_at_idx" ON "cashier_withdrawal"("player_id", "created_at");
CREATE INDEX "cashier_withdrawal_status_due_at_idx" ON "cashier_withdrawal"("status", "due_at");

-- Every webhook event a payment provider delivered, stored once per provider event id, in the same
-- database transaction as its effect: a redelivery finds its row and changes nothing.
CREATE TABLE "cashier_provider_event" (
    "provider" VARCHAR(40) NOT NULL,
    "event_id" VARCHAR(100) NOT NULL,
    "type" VARCHAR(60) NOT NULL,
    "payload" JSONB NOT NULL,
    "outcome" VARCHAR(20) NOT NULL,
    "subject_id" UUID,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_provider_event_pkey" PRIMARY KEY ("provider", "event_id")
);
CREATE INDEX "cashier_provider_event_subject_id_idx" ON "cashier_provider_event"("subject_id");

-- Caps the operator set for one player, stricter than the jurisdiction's table (004:DEP-03).
CREATE TABLE "cashier_cap_override" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "instrument" VARCHAR(30) NOT NULL,
    "direction" VARCHAR(10) NOT NULL,
    "per_transaction_minor_min" BIGINT,
    "per_transaction_minor_max" BIGINT,
    "rolling_24h_minor_max" BIGINT,
    "rolling_7d_minor_max" BIGINT,
    "rolling_30d_minor_max" BIGINT,
    "attempts_24h_max" INTEGER,
    "count_24h_max" INTEGER,
    "reason" VARCHAR(500) NOT NULL,
    "set_by" VARCHAR(100) NOT NULL,
    "set_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_cap_override_pkey" PRIMARY KEY ("player_id", "instrument", "direction"),
    CONSTRAINT "cashier_cap_override_direction" CHECK ("direction" IN ('DEPOSIT', 'WITHDRAWAL'))
);

-- A player's debt to the operator (004:ACC-07, WIN-05): the part of a fee, clawback or chargeback the
-- balance did not cover. The amounts owed live in the ledger's per-player debt account; these rows
-- carry the cause, the deadline and what is still outstanding of each.
CREATE TABLE "player_debt" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "cause" VARCHAR(20) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "outstanding_minor" BIGINT NOT NULL,
    "status" "DebtStatus" NOT NULL,
    "ledger_transaction_id" UUID NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "created_by" VARCHAR(100) NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "overdue_at" TIMESTAMPTZ(3),
    "repaid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_debt_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_debt_cause" CHECK ("cause" IN ('MISUSE_FEE', 'CLAWBACK', 'CHARGEBACK')),
    CONSTRAINT "player_debt_outstanding" CHECK ("amount_minor" > 0 AND "outstanding_minor" >= 0 AND "outstanding_minor" <= "amount_minor"),
    CONSTRAINT "player_debt_repaid" CHECK (("status" = 'REPAID') = ("outstanding_minor" = 0))
);
CREATE INDEX "player_debt_player_id_status_idx" ON "player_debt"("player_id", "status");
CREATE INDEX "player_debt_status_due_at_idx" ON "player_debt"("status", "due_at");

-- 004:ACC-07: a 5 % fee on the deposits and withdrawals of a repeated non-gaming use, by a staff decision.
CREATE TABLE "cashier_misuse_fee" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "deposit_ids" TEXT[] NOT NULL,
    "withdrawal_ids" TEXT[] NOT NULL,
    "base_minor" BIGINT NOT NULL,
    "fee_minor" BIGINT NOT NULL,
    "ledger_transaction_id" UUID NOT NULL,
    "debt_id" UUID,
    "reason" VARCHAR(500) NOT NULL,
    "charged_by" VARCHAR(100) NOT NULL,
    "charged_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_misuse_fee_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cashier_misuse_fee_positive" CHECK ("fee_minor" > 0 AND "base_minor" > 0)
);
CREATE INDEX "cashier_misuse_fee_player_id_idx" ON "cashier_misuse_fee"("player_id");

-- 004:WIN-04: a wrongly credited win taken back, at most once per win.
CREATE TABLE "cashier_clawback" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "win_transaction_id" UUID NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "ledger_transaction_id" UUID NOT NULL,
    "debt_id" UUID,
    "reason" VARCHAR(500) NOT NULL,
    "clawed_back_by" VARCHAR(100) NOT NULL,
    "clawed_back_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "cashier_clawback_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cashier_clawback_positive" CHECK ("amount_minor" > 0)
);
CREATE UNIQUE INDEX "cashier_clawback_win_transaction_id_key" ON "cashier_clawback"("win_transaction_id");
CREATE INDEX "cashier_clawback_player_id_idx" ON "cashier_clawback"("player_id");
