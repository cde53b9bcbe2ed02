-- Issue 5: self-limitation measures and their enforcement (packages/limits, docs/limits.md).

CREATE TYPE "SelfLimitDirection" AS ENUM ('INITIAL', 'TIGHTEN', 'LOOSEN', 'CARRY_OVER');
CREATE TYPE "SelfLimitCancellation" AS ENUM ('WITHDRAWN', 'SUPERSEDED');
CREATE TYPE "LimitUsagePeriod" AS ENUM ('DAY', 'WEEK', 'MONTH');
CREATE TYPE "LimitUsageKind" AS ENUM ('DEPOSIT', 'STAKE', 'SETTLEMENT');
CREATE TYPE "GameCategory" AS ENUM ('CASINO', 'POKER_CASH', 'POKER_TOURNAMENT');

-- One row per player: the row every check locks (SELECT … FOR UPDATE) before it reads the counters,
-- so that two stakes or deposits of one player are decided one after the other, never together.
CREATE TABLE "player_self_limits" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    -- The player closed the account as a self-limitation measure (002:RG-03 (c)).
    "closed_at" TIMESTAMPTZ(3),
    "reality_check_minutes" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "player_self_limits_pkey" PRIMARY KEY ("player_id"),
    CONSTRAINT "player_self_limits_reality_check_positive" CHECK ("reality_check_minutes" IS NULL OR "reality_check_minutes" > 0)
);

-- The full history of every measure: who asked for what, when, the value before, and from when the
-- change is in force. The measure in force at an instant is the newest change effective by then that
-- was not cancelled; a change with a future effective_from is pending (a loosening, 002:RG-06).
CREATE TABLE "self_limit_change" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "measure" VARCHAR(40) NOT NULL,
    "direction" "SelfLimitDirection" NOT NULL,
    -- false: no limit (refused, or removed); true: limit_value (CZK minor units or minutes) or, for
    -- self-exclusion, excluded_until (NULL: indefinitely).
    "is_set" BOOLEAN NOT NULL,
    "limit_value" BIGINT,
    "excluded_until" TIMESTAMPTZ(3),
    "previous_is_set" BOOLEAN NOT NULL,
    "previous_limit_value" BIGINT,
    "previous_excluded_until" TIMESTAMPTZ(3),
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "requested_by" VARCHAR(100) NOT NULL,
    "effective_from" TIMESTAMPTZ(3) NOT NULL,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancelled_by" VARCHAR(100),
    "cancellation" "SelfLimitCancellation",
    CONSTRAINT "self_limit_change_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "self_limit_change_unset_has_no_value" CHECK ("is_set" OR ("limit_value" IS NULL AND "excluded_until" IS NULL)),
    CONSTRAINT "self_limit_change_previous_unset_has_no_value" CHECK ("previous_is_set" OR ("previous_limit_value" IS NULL AND "previous_excluded_until" IS NULL)),
    CONSTRAINT "self_limit_change_value_positive" CHECK ("limit_value" IS NULL OR "limit_value" > 0),
    CONSTRAINT "self_limit_change_not_retroactive" CHECK ("effective_from" >= "requested_at"),
    CONSTRAINT "self_limit_change_cancellation_complete" CHECK (
        ("cancelled_at" IS NULL AND "cancelled_by" IS NULL AND "cancellation" IS NULL)
        OR ("cancelled_at" IS NOT NULL AND "cancelled_by" IS NOT NULL AND "cancellation" IS NOT NULL)),
    -- Only a change that is not yet in force can be withdrawn or superseded.
    CONSTRAINT "self_limit_change_cancelled_while_pending" CHECK ("cancelled_at" IS NULL OR "cancelled_at" < "effective_from")
);
CREATE INDEX "self_limit_change_player_id_measure_effective_from_idx" ON "self_limit_change"("player_id", "measure", "effective_from");

-- History is append-only: a row may only ever gain its cancellation, once; nothing is deleted.
CREATE FUNCTION self_limit_change_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
        RAISE EXCEPTION 'self_limit_change is append-only: rows are never deleted' USING ERRCODE = 'P0001';
    END IF;
    IF OLD."cancelled_at" IS NOT NULL
       OR (NEW."id", NEW."player_id", NEW."measure", NEW."direction", NEW."is_set", NEW."limit_value", NEW."excluded_until",
           NEW."previous_is_set", NEW."previous_limit_value", NEW."previous_excluded_until", NEW."requested_at", NEW."requested_by", NEW."effective_from")
          IS DISTINCT FROM
          (OLD."id", OLD."player_id", OLD."measure", OLD."direction", OLD."is_set", OLD."limit_value", OLD."excluded_until",
           OLD."previous_is_set", OLD."previous_limit_value", OLD."previous_excluded_until", OLD."requested_at", OLD."requested_by", OLD."effective_from") THEN
        RAISE EXCEPTION 'self_limit_change is append-only: only a pending change may be cancelled, once' USING ERRCODE = 'P0001';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER "self_limit_change_append_only" BEFORE UPDATE OR DELETE ON "self_limit_change"
    FOR EACH ROW EXECUTE FUNCTION self_limit_change_append_only();
CREATE TRIGGER "self_limit_change_no_truncate" BEFORE TRUNCATE ON "self_limit_change"
    FOR EACH STATEMENT EXECUTE FUNCTION self_limit_change_append_only();

-- What a player deposited, staked and won (CZK minor units, converted at the transaction's rate)
-- and how long they played, per Europe/Prague calendar day, ISO week (from Monday) and month.
CREATE TABLE "self_limit_usage" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "period" "LimitUsagePeriod" NOT NULL,
    "period_start" DATE NOT NULL,
    "deposits_minor" BIGINT NOT NULL DEFAULT 0,
    "stakes_minor" BIGINT NOT NULL DEFAULT 0,
    "wins_minor" BIGINT NOT NULL DEFAULT 0,
    "played_ms" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "self_limit_usage_pkey" PRIMARY KEY ("player_id", "period", "period_start"),
    CONSTRAINT "self_limit_usage_not_negative" CHECK ("deposits_minor" >= 0 AND "stakes_minor" >= 0 AND "wins_minor" >= 0 AND "played_ms" >= 0)
);

-- Each deposit, stake and settlement counted, once per caller reference, with the rate it counted at.
CREATE TABLE "self_limit_usage_entry" (
    "id" BIGSERIAL NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "kind" "LimitUsageKind" NOT NULL,
    "reference" VARCHAR(200) NOT NULL,
    "category" "GameCategory",
    "amount_minor" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "rate_to_czk" NUMERIC(24, 12),
    "counted_minor" BIGINT NOT NULL,
    "play_session_id" UUID,
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "self_limit_usage_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "self_limit_usage_entry_not_negative" CHECK ("amount_minor" >= 0 AND "counted_minor" >= 0),
    CONSTRAINT "self_limit_usage_entry_rate_for_foreign_currency" CHECK (("currency" = 'CZK') = ("rate_to_czk" IS NULL)),
    CONSTRAINT "self_limit_usage_entry_game_has_category" CHECK (("kind" = 'DEPOSIT') = ("category" IS NULL))
);
CREATE UNIQUE INDEX "self_limit_usage_entry_reference_key" ON "self_limit_usage_entry"("player_id", "kind", "reference");

-- Playing time comes from game activity inside a play session (one open session per player).
CREATE TABLE "play_session" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "end_reason" VARCHAR(40),
    "played_ms" BIGINT NOT NULL DEFAULT 0,
    "stakes_minor" BIGINT NOT NULL DEFAULT 0,
    "wins_minor" BIGINT NOT NULL DEFAULT 0,
    "reality_checks_shown" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "play_session_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "play_session_end_has_reason" CHECK (("ended_at" IS NULL) = ("end_reason" IS NULL)),
    CONSTRAINT "play_session_not_negative" CHECK ("played_ms" >= 0 AND "stakes_minor" >= 0 AND "wins_minor" >= 0 AND "reality_checks_shown" >= 0)
);
CREATE INDEX "play_session_player_id_idx" ON "play_session"("player_id");
CREATE UNIQUE INDEX "play_session_one_open_per_player" ON "play_session"("player_id") WHERE "ended_at" IS NULL;

-- The player's requests, passed on by the operator, to be entered in the register of excluded persons.
CREATE TABLE "register_exclusion_request" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "register_reference" VARCHAR(200) NOT NULL,
    "listed_since" DATE NOT NULL,
    CONSTRAINT "register_exclusion_request_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "register_exclusion_request_player_id_idx" ON "register_exclusion_request"("player_id");

-- Players registered before this migration: their limits row, and their registration decisions as the
-- first entry of each measure's history (so what they decided is enforced from now on). Ids are
-- UUIDv7 built from the decision time, so the history stays in time order.
INSERT INTO "player_self_limits" ("player_id", "created_at")
SELECT "id", "created_at" FROM "player"
ON CONFLICT ("player_id") DO NOTHING;

INSERT INTO "self_limit_change" ("id", "player_id", "measure", "direction", "is_set", "limit_value", "excluded_until",
                                 "previous_is_set", "requested_at", "requested_by", "effective_from")
SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
           PLACING substring(int8send(floor(extract(epoch FROM d."decided_at") * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid,
       d."player_id", d."measure", 'INITIAL', d."decision" = 'SET',
       CASE WHEN d."decision" = 'SET' THEN COALESCE(d."amount_minor", d."duration_minutes"::bigint) END,
       CASE WHEN d."decision" = 'SET' THEN d."excluded_until" END,
       false, d."decided_at", 'player', d."decided_at"
FROM "self_limit_decision" d;
