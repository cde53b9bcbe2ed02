-- Players: application, contract, temporary account, registration, login (packages/players).

CREATE TYPE "PlayerState" AS ENUM ('APPLICANT', 'TEMPORARY', 'REGISTERED', 'BLOCKED', 'DORMANT', 'CLOSED', 'CANCELLED');
CREATE TYPE "IdentityStatus" AS ENUM ('NOT_VERIFIED', 'VERIFIED', 'NOT_FOUND', 'MISMATCH');
CREATE TYPE "RegisterStatus" AS ENUM ('NOT_CHECKED', 'NOT_LISTED', 'LISTED', 'UNAVAILABLE');
CREATE TYPE "ScreeningStatus" AS ENUM ('PENDING', 'CLEARED', 'HIT');
CREATE TYPE "TemporaryAccountStatus" AS ENUM ('OPEN', 'COMPLETED', 'CANCELLED');
CREATE TYPE "RefundStatus" AS ENUM ('AWAITING_BANK_DETAILS', 'BANK_TRANSFER_QUEUED', 'POSTAL_ORDER_QUEUED', 'COLLECT_AT_HEADQUARTERS', 'PAID');

CREATE TABLE "player" (
    "id" UUID NOT NULL,
    "state" "PlayerState" NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "email_confirmed_at" TIMESTAMPTZ(3),
    "phone" VARCHAR(20) NOT NULL,
    "phone_verified_at" TIMESTAMPTZ(3),
    "password_hash" TEXT NOT NULL,
    "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
    "failed_login_count" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "first_name" VARCHAR(100) NOT NULL,
    "surname" VARCHAR(100) NOT NULL,
    "birth_surname" VARCHAR(100),
    "date_of_birth" DATE NOT NULL,
    "place_of_birth" VARCHAR(100),
    "citizenship" CHAR(2) NOT NULL,
    "residence_address" JSONB NOT NULL,
    "correspondence_address" JSONB,
    "birth_number_encrypted" TEXT,
    "birth_number_hash" CHAR(64),
    "identity_key_hash" CHAR(64) NOT NULL,
    "identity_status" "IdentityStatus" NOT NULL DEFAULT 'NOT_VERIFIED',
    "identity_checked_at" TIMESTAMPTZ(3),
    "register_status" "RegisterStatus" NOT NULL DEFAULT 'NOT_CHECKED',
    "register_checked_at" TIMESTAMPTZ(3),
    "screening_status" "ScreeningStatus" NOT NULL DEFAULT 'PENDING',
    "terms_version" VARCHAR(40) NOT NULL,
    "terms_accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "game_plan_version" VARCHAR(40) NOT NULL,
    "game_plan_accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "contract_concluded_at" TIMESTAMPTZ(3),
    "registered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_birth_number_pair" CHECK (("birth_number_encrypted" IS NULL) = ("birth_number_hash" IS NULL)),
    -- Without a birth number, the act asks for the place of birth instead.
    CONSTRAINT "player_place_of_birth_without_birth_number" CHECK ("birth_number_hash" IS NOT NULL OR "place_of_birth" IS NOT NULL)
);
CREATE INDEX "player_email_idx" ON "player"("email");
-- One account per person (004:REG-08, 002:REG-06), race-free: among players that are not closed or
-- cancelled, a birth number, a name + date + place of birth, and an e-mail address occur once.
CREATE UNIQUE INDEX "player_one_per_birth_number" ON "player"("birth_number_hash") WHERE "state" NOT IN ('CLOSED', 'CANCELLED') AND "birth_number_hash" IS NOT NULL;
CREATE UNIQUE INDEX "player_one_per_identity_key" ON "player"("identity_key_hash") WHERE "state" NOT IN ('CLOSED', 'CANCELLED');
CREATE UNIQUE INDEX "player_one_per_email" ON "player"("email") WHERE "state" NOT IN ('CLOSED', 'CANCELLED');

CREATE TABLE "player_state_transition" (
    "id" BIGSERIAL NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "from_state" "PlayerState",
    "to_state" "PlayerState" NOT NULL,
    "reason" VARCHAR(200) NOT NULL,
    "actor" VARCHAR(100) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_state_transition_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "player_state_transition_player_id_id_idx" ON "player_state_transition"("player_id", "id");

CREATE TABLE "email_confirmation" (
    "token_hash" CHAR(64) NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "email_confirmation_pkey" PRIMARY KEY ("token_hash")
);
CREATE INDEX "email_confirmation_player_id_idx" ON "email_confirmation"("player_id");

CREATE TABLE "sms_challenge" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "purpose" VARCHAR(20) NOT NULL,
    "code_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "consumed_at" TIMESTAMPTZ(3),
    CONSTRAINT "sms_challenge_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sms_challenge_player_id_idx" ON "sms_challenge"("player_id");

CREATE TABLE "refresh_token" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "refresh_token_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "refresh_token_token_hash_key" ON "refresh_token"("token_hash");
CREATE INDEX "refresh_token_family_id_idx" ON "refresh_token"("family_id");
CREATE INDEX "refresh_token_player_id_idx" ON "refresh_token"("player_id");

CREATE TABLE "personal_data_change" (
    "id" BIGSERIAL NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "changed_fields" TEXT[] NOT NULL,
    "previous" JSONB NOT NULL,
    "changed_on" DATE NOT NULL,
    "reported_at" TIMESTAMPTZ(3) NOT NULL,
    "reported_late" BOOLEAN NOT NULL,
    CONSTRAINT "personal_data_change_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "personal_data_change_player_id_idx" ON "personal_data_change"("player_id");

CREATE TABLE "temporary_account" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "wallet_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "status" "TemporaryAccountStatus" NOT NULL DEFAULT 'OPEN',
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "deadline_at" TIMESTAMPTZ(3) NOT NULL,
    "deposited_minor" BIGINT NOT NULL DEFAULT 0,
    "deposit_cap_minor" BIGINT NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    CONSTRAINT "temporary_account_pkey" PRIMARY KEY ("player_id"),
    -- The cap holds even against a bug in the code path (004:TMP-03).
    CONSTRAINT "temporary_account_within_cap" CHECK ("deposited_minor" >= 0 AND "deposited_minor" <= "deposit_cap_minor")
);
CREATE INDEX "temporary_account_status_deadline_at_idx" ON "temporary_account"("status", "deadline_at");

CREATE TABLE "temporary_account_refund" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "hold_id" UUID NOT NULL REFERENCES "ledger_hold"("id"),
    "amount_minor" BIGINT NOT NULL,
    "status" "RefundStatus" NOT NULL,
    "carrier_fee_minor" BIGINT,
    "payout_minor" BIGINT,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "temporary_account_refund_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "temporary_account_refund_player_id_key" ON "temporary_account_refund"("player_id");
CREATE INDEX "temporary_account_refund_status_created_at_idx" ON "temporary_account_refund"("status", "created_at");

CREATE TABLE "self_limit_decision" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "measure" VARCHAR(40) NOT NULL,
    "decision" VARCHAR(10) NOT NULL,
    "amount_minor" BIGINT,
    "duration_minutes" INTEGER,
    "excluded_until" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "self_limit_decision_pkey" PRIMARY KEY ("player_id", "measure"),
    CONSTRAINT "self_limit_decision_kind" CHECK ("decision" IN ('SET', 'REFUSED'))
);

CREATE TABLE "screening_list_entry" (
    "id" UUID NOT NULL,
    "list" VARCHAR(40) NOT NULL,
    "name_normalized" VARCHAR(200) NOT NULL,
    "date_of_birth" DATE,
    CONSTRAINT "screening_list_entry_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "screening_list_entry_name_normalized_idx" ON "screening_list_entry"("name_normalized");
