-- Issue 7: the game service (packages/tables, apps/game-service, docs/game-service.md): tables and
-- seats, rounds whose engine state is persisted between actions, the ledger transactions of each
-- round, the players of each round (game recall) and the client action ids that make actions
-- idempotent.

CREATE TYPE "GameKind" AS ENUM ('ROULETTE', 'BLACKJACK');
CREATE TYPE "GameRoundKind" AS ENUM ('LIVE', 'TEMPORARY');
CREATE TYPE "GameRoundStatus" AS ENUM ('OPEN', 'SETTLED');
CREATE TYPE "TableSeatStatus" AS ENUM ('SEATED', 'LEAVING');
CREATE TYPE "GamePostingKind" AS ENUM ('STAKE', 'WIN');

-- A table of one game and variant with its limits (minor units as decimal strings in JSON) and timers.
CREATE TABLE "game_table" (
    "id" UUID NOT NULL,
    "code" VARCHAR(60) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "game" "GameKind" NOT NULL,
    "variant" VARCHAR(60) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "limits" JSONB NOT NULL,
    "seats_max" INTEGER NOT NULL,
    "betting_time_ms" INTEGER NOT NULL,
    "action_time_ms" INTEGER NOT NULL,
    "idle_rounds_max" INTEGER NOT NULL,
    "is_open" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "game_table_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "game_table_seats_range" CHECK ("seats_max" BETWEEN 1 AND 5),
    CONSTRAINT "game_table_timers_positive" CHECK ("betting_time_ms" > 0 AND "action_time_ms" > 0 AND "idle_rounds_max" > 0)
);
CREATE UNIQUE INDEX "game_table_code_key" ON "game_table"("code");

-- A taken seat. LEAVING: the player left (or must leave) while they still have something in the
-- running round; the seat is freed when the round ends, so no one else's bets mix with theirs.
CREATE TABLE "table_seat" (
    "table_id" UUID NOT NULL REFERENCES "game_table"("id"),
    "seat_no" INTEGER NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "status" "TableSeatStatus" NOT NULL,
    "play_session_id" UUID NOT NULL,
    "seated_at" TIMESTAMPTZ(3) NOT NULL,
    -- Rounds in a row whose betting closed without a confirmed bet of this player (004:TEC-06).
    "idle_rounds" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "table_seat_pkey" PRIMARY KEY ("table_id", "seat_no")
);
CREATE UNIQUE INDEX "table_seat_table_id_player_id_key" ON "table_seat"("table_id", "player_id");
CREATE INDEX "table_seat_player_id_idx" ON "table_seat"("player_id");

-- A round: the engine state as its exact JSON (packages/games codecs) between actions, the seed
-- (secret until settled) and its commitment, and the deadline of its timer, which the scheduler
-- claims with FOR UPDATE SKIP LOCKED. A TEMPORARY round finishes one blackjack box of an interrupted
-- round for its player (004:TEC-03).
CREATE TABLE "game_round" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL REFERENCES "game_table"("id"),
    "kind" "GameRoundKind" NOT NULL,
    "status" "GameRoundStatus" NOT NULL,
    "phase" VARCHAR(20) NOT NULL,
    "state" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "seed" CHAR(64) NOT NULL,
    "seed_commitment" CHAR(64) NOT NULL,
    "deadline_at" TIMESTAMPTZ(3),
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    -- The round record (seed, actions, events) written at settlement: game recall replays it.
    "record" TEXT,
    "origin_round_id" UUID REFERENCES "game_round"("id"),
    "temporary_player_id" UUID REFERENCES "player"("id"),
    "temporary_seat" INTEGER,
    CONSTRAINT "game_round_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "game_round_settled_complete" CHECK (("status" = 'SETTLED') = ("settled_at" IS NOT NULL AND "record" IS NOT NULL)),
    CONSTRAINT "game_round_temporary_complete" CHECK (("kind" = 'TEMPORARY') = ("origin_round_id" IS NOT NULL AND "temporary_player_id" IS NOT NULL AND "temporary_seat" IS NOT NULL))
);
CREATE UNIQUE INDEX "game_round_one_open_live_round_per_table" ON "game_round"("table_id") WHERE "status" = 'OPEN' AND "kind" = 'LIVE';
CREATE INDEX "game_round_due_idx" ON "game_round"("deadline_at") WHERE "status" = 'OPEN';
CREATE INDEX "game_round_table_id_idx" ON "game_round"("table_id");

-- Who played a round: the player's game history (paginated by round id, UUIDv7, newest first).
CREATE TABLE "game_round_player" (
    "round_id" UUID NOT NULL REFERENCES "game_round"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "table_id" UUID NOT NULL REFERENCES "game_table"("id"),
    "seat" INTEGER NOT NULL,
    "play_session_id" UUID NOT NULL,
    "staked_minor" BIGINT NOT NULL DEFAULT 0,
    "returned_minor" BIGINT NOT NULL DEFAULT 0,
    "joined_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    -- The blackjack box went on to this temporary table (004:TEC-03).
    "continued_in_round_id" UUID REFERENCES "game_round"("id"),
    CONSTRAINT "game_round_player_pkey" PRIMARY KEY ("round_id", "player_id"),
    CONSTRAINT "game_round_player_amounts_not_negative" CHECK ("staked_minor" >= 0 AND "returned_minor" >= 0)
);
CREATE INDEX "game_round_player_player_id_round_id_idx" ON "game_round_player"("player_id", "round_id" DESC);

-- Every ledger transaction of a round: each stake (the debit events) and each win.
CREATE TABLE "game_round_posting" (
    "id" BIGSERIAL NOT NULL,
    "round_id" UUID NOT NULL REFERENCES "game_round"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "seat" INTEGER NOT NULL,
    "kind" "GamePostingKind" NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "ledger_transaction_id" UUID NOT NULL REFERENCES "ledger_transaction"("id"),
    "event_index" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "game_round_posting_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "game_round_posting_amount_positive" CHECK ("amount_minor" > 0)
);
CREATE UNIQUE INDEX "game_round_posting_round_id_kind_event_index_seat_key" ON "game_round_posting"("round_id", "kind", "event_index", "seat");

-- A player's action by its client action id: a retried request returns the first answer.
CREATE TABLE "game_action" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "action_id" VARCHAR(100) NOT NULL,
    "round_id" UUID NOT NULL REFERENCES "game_round"("id"),
    "request_hash" CHAR(64) NOT NULL,
    "response" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "game_action_pkey" PRIMARY KEY ("player_id", "action_id")
);

-- A win credited while the player's payouts are suspended (004:WIN-07, AML-04, D-733): the amount is
-- held in the ledger (a hold from the wallet into suspense) until the payout hold ends, then released.
CREATE TABLE "game_win_hold" (
    "ledger_hold_id" UUID NOT NULL REFERENCES "ledger_hold"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "round_id" UUID NOT NULL REFERENCES "game_round"("id"),
    "amount_minor" BIGINT NOT NULL,
    "held_at" TIMESTAMPTZ(3) NOT NULL,
    "released_at" TIMESTAMPTZ(3),
    CONSTRAINT "game_win_hold_pkey" PRIMARY KEY ("ledger_hold_id"),
    CONSTRAINT "game_win_hold_amount_positive" CHECK ("amount_minor" > 0)
);
CREATE INDEX "game_win_hold_unreleased_idx" ON "game_win_hold"("player_id") WHERE "released_at" IS NULL;
