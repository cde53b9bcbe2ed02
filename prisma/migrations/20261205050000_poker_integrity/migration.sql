-- Issue 18 (part): poker game integrity, aliases, anonymous and private tables (docs/poker-tables.md,
-- packages/tables/src/poker/integrity/). Staff decisions are rows with who and when; the seat guard
-- (buyIn) reads them inside the buy-in's transaction, after the table row is locked.

-- 003:R-ALIAS-01..03: the alias a player chose once (unique without regard to case: `alias_key`).
-- `chosen_alias` keeps what the player asked for when staff replaced it (R-ALIAS-02).
CREATE TABLE "poker_alias" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "alias" VARCHAR(20) NOT NULL,
    "alias_key" VARCHAR(20) NOT NULL,
    "chosen_alias" VARCHAR(20) NOT NULL,
    "chosen_at" TIMESTAMPTZ(3) NOT NULL,
    "replaced_by" VARCHAR(200),
    "replaced_at" TIMESTAMPTZ(3),
    "replace_reason" VARCHAR(500),
    CONSTRAINT "poker_alias_pkey" PRIMARY KEY ("player_id"),
    CONSTRAINT "poker_alias_replaced_complete" CHECK (("replaced_by" IS NULL) = ("replaced_at" IS NULL))
);
CREATE UNIQUE INDEX "poker_alias_alias_key_key" ON "poker_alias"("alias_key");

-- 000-001:TBL-08, UI-03: an anonymous table shows per-table labels instead of aliases (the records keep real ids, A-45).
ALTER TABLE "poker_table" ADD COLUMN "anonymous" BOOLEAN NOT NULL DEFAULT false;

-- 003:R-PRIV-01..09: a private table ordered by a player, approved or declined by staff.
CREATE TABLE "poker_private_table_order" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    -- The standard table whose settings (profile, game, stakes, rake) the private table copies (R-PRIV-03).
    "template_table_id" UUID NOT NULL REFERENCES "poker_table"("id"),
    "name" VARCHAR(60) NOT NULL,
    "game_day" DATE NOT NULL,
    "seats_max" INTEGER NOT NULL,
    "terms_accepted_at" TIMESTAMPTZ(3) NOT NULL,
    "status" VARCHAR(20) NOT NULL DEFAULT 'PENDING',
    -- scrypt of the password sent to the orderer on approval (R-PRIV-05); never stored in clear.
    "password_hash" VARCHAR(200),
    "table_id" UUID REFERENCES "poker_table"("id"),
    "opens_at" TIMESTAMPTZ(3),
    "closes_at" TIMESTAMPTZ(3),
    "decided_by" VARCHAR(200),
    "decided_at" TIMESTAMPTZ(3),
    "decision_reason" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_private_table_order_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "poker_private_table_order_status_known" CHECK ("status" IN ('PENDING', 'APPROVED', 'DECLINED', 'STOPPED')),
    CONSTRAINT "poker_private_table_order_approved_has_table" CHECK (("status" IN ('APPROVED', 'STOPPED')) = ("table_id" IS NOT NULL AND "password_hash" IS NOT NULL)),
    CONSTRAINT "poker_private_table_order_seats" CHECK ("seats_max" BETWEEN 2 AND 10)
);
CREATE UNIQUE INDEX "poker_private_table_order_table_id_key" ON "poker_private_table_order"("table_id");
CREATE INDEX "poker_private_table_order_player_id_idx" ON "poker_private_table_order"("player_id");
CREATE INDEX "poker_private_table_order_status_idx" ON "poker_private_table_order"("status");

-- Who may sit at a private table: the orderer, the invited, and whoever gave the password.
CREATE TABLE "poker_private_table_member" (
    "table_id" UUID NOT NULL REFERENCES "poker_table"("id"),
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "via" VARCHAR(20) NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_private_table_member_pkey" PRIMARY KEY ("table_id", "player_id"),
    CONSTRAINT "poker_private_table_member_via_known" CHECK ("via" IN ('orderer', 'invitation', 'password'))
);
CREATE INDEX "poker_private_table_member_player_id_idx" ON "poker_private_table_member"("player_id");

-- 004:T-152, 003:R-COND-I, 000-001:TBL-13: a player suspended from poker or from every live game until staff lift it.
CREATE TABLE "player_game_suspension" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "scope" VARCHAR(20) NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "suspended_by" VARCHAR(200) NOT NULL,
    "suspended_at" TIMESTAMPTZ(3) NOT NULL,
    "lifted_by" VARCHAR(200),
    "lifted_at" TIMESTAMPTZ(3),
    "lift_reason" VARCHAR(500),
    CONSTRAINT "player_game_suspension_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_game_suspension_scope_known" CHECK ("scope" IN ('poker', 'live-games')),
    CONSTRAINT "player_game_suspension_lift_complete" CHECK (("lifted_by" IS NULL) = ("lifted_at" IS NULL) AND ("lifted_at" IS NULL) = ("lift_reason" IS NULL))
);
-- One suspension in force per player at a time (a wider one replaces a narrower one).
CREATE UNIQUE INDEX "player_game_suspension_in_force_key" ON "player_game_suspension"("player_id") WHERE "lifted_at" IS NULL;

-- 000-001:TBL-11, FAIR-14, T-15, 003:R-COND-K, S-89: two players who may not sit at the same table (stored low id first).
CREATE TABLE "poker_seat_separation" (
    "id" UUID NOT NULL,
    "player_low_id" UUID NOT NULL REFERENCES "player"("id"),
    "player_high_id" UUID NOT NULL REFERENCES "player"("id"),
    "reason" VARCHAR(500) NOT NULL,
    "created_by" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "removed_by" VARCHAR(200),
    "removed_at" TIMESTAMPTZ(3),
    CONSTRAINT "poker_seat_separation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "poker_seat_separation_ordered" CHECK ("player_low_id" < "player_high_id"),
    CONSTRAINT "poker_seat_separation_removed_complete" CHECK (("removed_by" IS NULL) = ("removed_at" IS NULL))
);
CREATE UNIQUE INDEX "poker_seat_separation_in_force_key" ON "poker_seat_separation"("player_low_id", "player_high_id") WHERE "removed_at" IS NULL;
CREATE INDEX "poker_seat_separation_player_high_id_idx" ON "poker_seat_separation"("player_high_id");

-- 003:R-COND-J, S-90, 000-001:FAIR-11, ACC-14: winnings taken back, to the losers (SE) or held (other profiles).
CREATE TABLE "poker_clawback" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "currency" CHAR(3) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "paid_to" VARCHAR(20) NOT NULL,
    -- [{ playerId, amountMinor }] for 'losers'.
    "distribution" JSONB NOT NULL,
    "hand_ids" TEXT[] NOT NULL,
    "ledger_transaction_id" UUID NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "created_by" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "poker_clawback_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "poker_clawback_amount_positive" CHECK ("amount_minor" > 0),
    CONSTRAINT "poker_clawback_paid_to_known" CHECK ("paid_to" IN ('losers', 'operator'))
);
CREATE INDEX "poker_clawback_player_id_idx" ON "poker_clawback"("player_id");

-- Bot and fold-dumping monitoring read how each player played each hand (000-001:FAIR-04, FAIR-12, 003:R-PD-02).
ALTER TABLE "monitoring_event" DROP CONSTRAINT "monitoring_event_kind";
ALTER TABLE "monitoring_event" ADD CONSTRAINT "monitoring_event_kind"
    CHECK ("kind" IN ('deposit', 'withdrawal', 'stake', 'win', 'payment-method-change', 'login', 'chip-transfer', 'poker-play'));

INSERT INTO "monitoring_rule" ("code", "description", "threshold_minor", "window_minutes", "count_min", "score", "params", "updated_at", "updated_by") VALUES
  ('chip-dumping-folds', 'A poker player folding to the same opponent heads-up again and again, rarely the other way.', NULL, 10080, 5, 35, '{"oneWayBpsMin": 9000}', CURRENT_TIMESTAMP, 'migration'),
  ('poker-bot', 'Poker decisions timed with a machine''s regularity, or a seat played for longer than a person plays.', NULL, 1440, 40, 40, '{"regularityBpsMax": 800, "sessionMinutesMax": 720}', CURRENT_TIMESTAMP, 'migration')
ON CONFLICT ("code") DO NOTHING;
