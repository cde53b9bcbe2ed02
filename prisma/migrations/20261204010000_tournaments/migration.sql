-- Issue 19: poker tournaments (packages/tables/src/tournament, docs/tournaments.md). A tournament is a
-- definition validated against its rule profile; its prize pool is a ledger account (owner TOURNAMENT,
-- a liability like a wallet) that every registration credits with the start fee while the fee goes to
-- the operator's fee revenue, in one balanced transaction with the entry row.

CREATE TYPE "TournamentStatus" AS ENUM ('REGISTERING', 'RUNNING', 'FINISHED', 'CANCELLED');

-- `definition` is the TournamentDefinition as JSON (minor units and chips as decimal strings).
-- `overlay_minor`: what the operator added to reach the guarantee (an expense), posted before the prizes.
CREATE TABLE "tournament" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "profile_id" VARCHAR(10) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "definition" JSONB NOT NULL,
    "pool_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "status" "TournamentStatus" NOT NULL DEFAULT 'REGISTERING',
    "starts_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),
    "overlay_minor" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "tournament_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tournament_kind_known" CHECK ("kind" IN ('scheduled', 'sit-and-go')),
    CONSTRAINT "tournament_overlay_not_negative" CHECK ("overlay_minor" >= 0)
);
CREATE UNIQUE INDEX "tournament_pool_account_id_key" ON "tournament"("pool_account_id");
CREATE INDEX "tournament_status_idx" ON "tournament"("status");

-- An entry: one per registration (a re-entry is a new one). What it paid (start fees to the pool,
-- fees to the operator) is kept for refunds and cancellations; the place range is shared by tied
-- finishers (000-001:A-31); prize and bounties are what was credited.
CREATE TABLE "tournament_entry" (
    "id" UUID NOT NULL,
    "tournament_id" UUID NOT NULL REFERENCES "tournament"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "status" VARCHAR(20) NOT NULL,
    "wallet_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "play_session_id" UUID NOT NULL,
    "paid_start_minor" BIGINT NOT NULL,
    "paid_fee_minor" BIGINT NOT NULL,
    "place_best" INTEGER,
    "place_worst" INTEGER,
    "prize_minor" BIGINT NOT NULL DEFAULT 0,
    "bounty_minor" BIGINT NOT NULL DEFAULT 0,
    "refund_minor" BIGINT NOT NULL DEFAULT 0,
    -- Rebuys and add-ons bought (002:TRN-RB-03: a count may be capped); their start fees and fees are in paid_*.
    "rebuys" INTEGER NOT NULL DEFAULT 0,
    "add_ons" INTEGER NOT NULL DEFAULT 0,
    "registered_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "tournament_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tournament_entry_status_known" CHECK ("status" IN ('registered', 'unregistered', 'finished', 'cancelled')),
    CONSTRAINT "tournament_entry_amounts_not_negative" CHECK (
        "paid_start_minor" >= 0 AND "paid_fee_minor" >= 0 AND "prize_minor" >= 0 AND "bounty_minor" >= 0 AND "refund_minor" >= 0),
    CONSTRAINT "tournament_entry_places" CHECK (("place_best" IS NULL) = ("place_worst" IS NULL) AND ("place_best" IS NULL OR "place_best" <= "place_worst"))
);
CREATE INDEX "tournament_entry_tournament_id_idx" ON "tournament_entry"("tournament_id");
CREATE INDEX "tournament_entry_player_id_idx" ON "tournament_entry"("player_id");
-- One registration per player and tournament at a time (re-entry: after elimination, a new row).
CREATE UNIQUE INDEX "tournament_entry_one_registered_key" ON "tournament_entry"("tournament_id", "player_id") WHERE "status" = 'registered';
