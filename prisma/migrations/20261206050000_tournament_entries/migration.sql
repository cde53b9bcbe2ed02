-- Issue 19: rebuys, add-ons, re-entry and late registration over the player API (D-1936), and live
-- tournament hands in poker_hand (D-1937).

-- A player may hold several entries of one tournament (re-entry, 004:GAM-P-T-14): numbered 1, 2, …; still
-- one registered entry per (tournament, player, number), so concurrent registrations cannot both be the first.
ALTER TABLE "tournament_entry" ADD COLUMN "entry_number" INTEGER NOT NULL DEFAULT 1;
DROP INDEX "tournament_entry_one_registered_key";
CREATE UNIQUE INDEX "tournament_entry_one_registered_key" ON "tournament_entry"("tournament_id", "player_id", "entry_number")
  WHERE "status" = 'registered';

-- Each purchase at a running tournament with the player's command id (the idempotency key): exactly once,
-- across takeovers of the driving instance too. Written in the transaction of its ledger posting.
CREATE TABLE "tournament_purchase" (
    "id" UUID NOT NULL,
    "tournament_id" UUID NOT NULL REFERENCES "tournament"("id"),
    "entry_id" UUID NOT NULL REFERENCES "tournament_entry"("id"),
    "player_id" UUID NOT NULL,
    "command_id" VARCHAR(100) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "chips" BIGINT NOT NULL,
    "ledger_transaction_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "tournament_purchase_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "tournament_purchase_command_key" ON "tournament_purchase"("tournament_id", "player_id", "command_id");
CREATE INDEX "tournament_purchase_entry_id_idx" ON "tournament_purchase"("entry_id");

-- A live tournament's hands are recorded like cash hands; their amounts are tournament chips. A tournament
-- table has no poker_table row: its hands have no table_id but the tournament and the table's number, unique
-- per (tournament, table, hand number) as a cash hand is per (table, hand number).
ALTER TABLE "poker_hand" ADD COLUMN "tournament_id" UUID REFERENCES "tournament"("id");
ALTER TABLE "poker_hand" ADD COLUMN "tournament_table" INTEGER;
ALTER TABLE "poker_hand" ALTER COLUMN "table_id" DROP NOT NULL;
ALTER TABLE "poker_hand" ADD CONSTRAINT "poker_hand_table_or_tournament"
  CHECK (("table_id" IS NULL) <> ("tournament_id" IS NULL) AND ("tournament_id" IS NULL) = ("tournament_table" IS NULL));
CREATE UNIQUE INDEX "poker_hand_tournament_table_hand_number_key" ON "poker_hand"("tournament_id", "tournament_table", "hand_number")
  WHERE "tournament_id" IS NOT NULL;
ALTER TABLE "poker_hand_player" ALTER COLUMN "table_id" DROP NOT NULL;
CREATE INDEX "poker_hand_tournament_id_ended_at_idx" ON "poker_hand"("tournament_id", "ended_at" DESC) WHERE "tournament_id" IS NOT NULL;
