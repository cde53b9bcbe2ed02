-- Issue 26 (bonuses, VIP points, the SE poker account; docs/decisions.md D-2630..). A bonus is money
-- held in the player's `bonus` wallet (a ledger account) until VIP points release it in parts
-- (002:BON-03..06); VIP points and StarsCoins are not money and keep their own ledger here
-- (002:VIP-01..04, D-2632): every row one movement, the balance the sum of the rows.

ALTER TYPE "LedgerTransactionKind" ADD VALUE IF NOT EXISTS 'BONUS_GRANT';
ALTER TYPE "LedgerTransactionKind" ADD VALUE IF NOT EXISTS 'BONUS_RELEASE';
ALTER TYPE "LedgerTransactionKind" ADD VALUE IF NOT EXISTS 'BONUS_FORFEIT';
ALTER TYPE "LedgerTransactionKind" ADD VALUE IF NOT EXISTS 'COMMISSION_REFUND';

CREATE TABLE "player_bonus" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    -- The published terms the bonus was granted under (a later promotion changes none of them).
    "tranche_count" INTEGER NOT NULL,
    "points_per_tranche_centi" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "points_earned_centi" BIGINT NOT NULL DEFAULT 0,
    "released_tranches" INTEGER NOT NULL DEFAULT 0,
    "released_minor" BIGINT NOT NULL DEFAULT 0,
    "forfeited_minor" BIGINT NOT NULL DEFAULT 0,
    "status" VARCHAR(20) NOT NULL,
    "source" VARCHAR(20) NOT NULL,
    -- What granted it: the deposit (one bonus per deposit) or the staff request's idempotency key.
    "source_ref" VARCHAR(200) NOT NULL,
    "granted_by" UUID,
    "reason" VARCHAR(500),
    "ledger_transaction_id" UUID NOT NULL,
    "granted_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    CONSTRAINT "player_bonus_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_bonus_amounts" CHECK ("amount_minor" > 0 AND "released_minor" >= 0 AND "forfeited_minor" >= 0
        AND "released_minor" + "forfeited_minor" <= "amount_minor"),
    CONSTRAINT "player_bonus_status" CHECK ("status" IN ('LOCKED', 'RELEASED', 'FORFEITED'))
);
CREATE UNIQUE INDEX "player_bonus_source_key" ON "player_bonus"("source", "source_ref");
CREATE INDEX "player_bonus_player_id_idx" ON "player_bonus"("player_id", "granted_at");
-- The forfeit job's scan: locked bonuses by the end of their window.
CREATE INDEX "player_bonus_locked_expires_idx" ON "player_bonus"("expires_at") WHERE "status" = 'LOCKED';

CREATE TABLE "vip_point_entry" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    -- VIP_POINT or STARSCOIN, in hundredths (002:AMB-VIP-CCY: points to 2 decimals).
    "unit" VARCHAR(12) NOT NULL,
    "amount_centi" BIGINT NOT NULL,
    -- EARN (commission), EXCHANGE (points for StarsCoins), REFUND (StarsCoins for a commission refund).
    "kind" VARCHAR(20) NOT NULL,
    "reference" VARCHAR(200) NOT NULL,
    -- EARN: the commission it was earned on, in its currency, and in USD at the rate used (002:VIP-04).
    "commission_minor" BIGINT,
    "commission_currency" CHAR(3),
    "commission_usd_minor" BIGINT,
    "usd_rate" NUMERIC(20, 10),
    -- REFUND: the money refunded and its ledger transaction.
    "refund_minor" BIGINT,
    "refund_currency" CHAR(3),
    "ledger_transaction_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "vip_point_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "vip_point_entry_unit" CHECK ("unit" IN ('VIP_POINT', 'STARSCOIN')),
    CONSTRAINT "vip_point_entry_kind" CHECK ("kind" IN ('EARN', 'EXCHANGE', 'REFUND'))
);
-- A commission earns once, an exchange or refund request posts once (idempotency).
CREATE UNIQUE INDEX "vip_point_entry_reference_key" ON "vip_point_entry"("kind", "reference", "unit");
CREATE INDEX "vip_point_entry_player_id_idx" ON "vip_point_entry"("player_id", "created_at");
