-- Issue 16: poker cash tables (packages/tables/src/poker/store.ts, docs/poker-store.md). The running hand
-- lives in the memory of the instance that leases the table; these rows are the durable record,
-- written at hand boundaries: the table and its lease, the seats with their stacks as at the start
-- of the running hand (plus chips bought since), and every hand played or voided.

CREATE TYPE "PokerTableStatus" AS ENUM ('OPEN', 'CLOSED');
CREATE TYPE "PokerHandStatus" AS ENUM ('COMPLETED', 'VOIDED');

-- A cash table of one rule profile. `definition` is the table's PokerTableDefinition as JSON
-- (minor units as decimal strings). The escrow account (owner POKER_TABLE, a liability like a
-- wallet) holds every chip at the table: its balance is the sum of the seats' stacks after each
-- committed hand. The lease (owner, fencing epoch, expiry) names the one instance that drives the
-- table; every write checks the epoch, so a deposed instance cannot write.
CREATE TABLE "poker_table" (
    "id" UUID NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "profile_id" VARCHAR(10) NOT NULL,
    "variant" VARCHAR(60) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "definition" JSONB NOT NULL,
    "escrow_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "status" "PokerTableStatus" NOT NULL DEFAULT 'OPEN',
    -- The number of the last hand committed or voided.
    "hand_number" INTEGER NOT NULL DEFAULT 0,
    -- The hand dealt and not yet committed (null when idle): voided if its driver is lost.
    "running_hand_id" UUID,
    "running_hand_started_at" TIMESTAMPTZ(3),
    -- The last hand's button and blind positions (poker.Positions), for the next hand's plan.
    "previous_positions" JSONB,
    "lease_owner" VARCHAR(100),
    "lease_epoch" BIGINT NOT NULL DEFAULT 0,
    "lease_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_table_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "poker_table_hand_number_not_negative" CHECK ("hand_number" >= 0),
    CONSTRAINT "poker_table_running_hand_complete" CHECK (("running_hand_id" IS NULL) = ("running_hand_started_at" IS NULL)),
    CONSTRAINT "poker_table_lease_complete" CHECK (("lease_owner" IS NULL) = ("lease_expires_at" IS NULL))
);
CREATE UNIQUE INDEX "poker_table_escrow_account_id_key" ON "poker_table"("escrow_account_id");
-- Tables whose lease may be free: the drivers' search (findTablesNeedingDriver).
CREATE INDEX "poker_table_lease_expires_at_idx" ON "poker_table"("lease_expires_at");

-- A taken seat: one per seat and one per player at a table. `stack_minor` is the player's chips as
-- at the start of the running hand plus buy-ins and top-ups made since (so a voided hand needs no
-- correction). `id` is the seating: each buy-in opens a new one, and the seating's ledger keys
-- derive from it. The buy-in's wallet and its exchange rate to CZK (null for CZK) are kept for the
-- cash-out.
CREATE TABLE "poker_seat" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL REFERENCES "poker_table"("id"),
    "seat" INTEGER NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "alias" VARCHAR(40) NOT NULL,
    "stack_minor" BIGINT NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "play_session_id" UUID NOT NULL,
    "wallet_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "rate_to_czk" DECIMAL(24,12),
    -- Money taken to the table in this seating: the buy-in and every top-up.
    "bought_in_minor" BIGINT NOT NULL,
    "top_ups" INTEGER NOT NULL DEFAULT 0,
    "seated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_seat_pkey" PRIMARY KEY ("table_id", "seat"),
    CONSTRAINT "poker_seat_seat_positive" CHECK ("seat" >= 1),
    CONSTRAINT "poker_seat_stack_not_negative" CHECK ("stack_minor" >= 0),
    CONSTRAINT "poker_seat_bought_in_positive" CHECK ("bought_in_minor" > 0),
    CONSTRAINT "poker_seat_status_known" CHECK ("status" IN ('joining', 'playing', 'sitting-out', 'leaving'))
);
CREATE UNIQUE INDEX "poker_seat_id_key" ON "poker_seat"("id");
CREATE UNIQUE INDEX "poker_seat_table_id_player_id_key" ON "poker_seat"("table_id", "player_id");
CREATE INDEX "poker_seat_player_id_idx" ON "poker_seat"("player_id");

-- A hand: COMPLETED with the engine's replayable JSON record and its text (the server's full view),
-- or VOIDED (its driver was lost: every chip went back, no rake; no record survives the instance).
-- The rake's ledger transaction is found by its idempotency key, poker:hand:<id>:rake.
CREATE TABLE "poker_hand" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL REFERENCES "poker_table"("id"),
    "hand_number" INTEGER NOT NULL,
    "status" "PokerHandStatus" NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    "history" JSONB,
    "text" TEXT,
    -- Everything put in by the players (the pot before rake).
    "pot_minor" BIGINT NOT NULL DEFAULT 0,
    "rake_minor" BIGINT NOT NULL DEFAULT 0,
    "flop_dealt" BOOLEAN NOT NULL DEFAULT false,
    "void_reason" VARCHAR(40),
    CONSTRAINT "poker_hand_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "poker_hand_amounts_not_negative" CHECK ("pot_minor" >= 0 AND "rake_minor" >= 0 AND "rake_minor" <= "pot_minor"),
    CONSTRAINT "poker_hand_completed_has_record" CHECK (("status" = 'COMPLETED') = ("history" IS NOT NULL AND "text" IS NOT NULL)),
    CONSTRAINT "poker_hand_voided_has_reason" CHECK (("status" = 'VOIDED') = ("void_reason" IS NOT NULL)),
    CONSTRAINT "poker_hand_voided_takes_nothing" CHECK ("status" = 'COMPLETED' OR "rake_minor" = 0)
);
CREATE UNIQUE INDEX "poker_hand_table_id_hand_number_key" ON "poker_hand"("table_id", "hand_number");
-- The lobby's last hour per table, and a table's recent hands.
CREATE INDEX "poker_hand_table_id_ended_at_idx" ON "poker_hand"("table_id", "ended_at" DESC);

-- Each player of a completed hand: what they put in, won (after rake) and the rake they bore
-- (000-001:RAKE-04), with their country of residence when the hand was played (002:ALLOC-02).
-- "My hands" pages through the player's index, newest first.
CREATE TABLE "poker_hand_player" (
    "hand_id" UUID NOT NULL REFERENCES "poker_hand"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "table_id" UUID NOT NULL REFERENCES "poker_table"("id"),
    "seat" INTEGER NOT NULL,
    "put_in_minor" BIGINT NOT NULL,
    "won_minor" BIGINT NOT NULL,
    "rake_minor" BIGINT NOT NULL,
    "residence_country" CHAR(2) NOT NULL,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_hand_player_pkey" PRIMARY KEY ("hand_id", "player_id"),
    CONSTRAINT "poker_hand_player_amounts_not_negative" CHECK ("put_in_minor" >= 0 AND "won_minor" >= 0 AND "rake_minor" >= 0)
);
CREATE INDEX "poker_hand_player_player_id_ended_at_idx" ON "poker_hand_player"("player_id", "ended_at" DESC, "hand_id" DESC);
-- Reports by period (the shared-liquidity allocation).
CREATE INDEX "poker_hand_player_ended_at_idx" ON "poker_hand_player"("ended_at");
