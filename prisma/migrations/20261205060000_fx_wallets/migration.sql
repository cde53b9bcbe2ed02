-- Issues 26 and 18: wallets per currency and one FX mechanism (packages/fx).
--
-- fx_rate_set: every rate set the platform took from its source, units per one unit of the base as
-- exact decimals (jsonb strings: never a float). The newest by effective_from is the current one;
-- checked_at moves whenever the source confirms it (a refresh the 24-hour rule holds back, 004:T-61,
-- confirms the set in force), and staleness counts from it.
CREATE TABLE "fx_rate_set" (
    "id" UUID NOT NULL,
    "source" VARCHAR(40) NOT NULL,
    "base" CHAR(3) NOT NULL,
    "units_per_base" JSONB NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "effective_from" TIMESTAMPTZ(3) NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "fx_rate_set_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "fx_rate_set_effective_from_idx" ON "fx_rate_set" ("effective_from" DESC);

-- fx_quote: the terms shown to the player before they commit (002:WAL-06, T-WAL-01), valid until
-- expires_at and used at most once.
CREATE TABLE "fx_quote" (
    "id" UUID NOT NULL,
    "player_id" UUID NOT NULL,
    "purpose" VARCHAR(20) NOT NULL,
    "debit_currency" CHAR(3) NOT NULL,
    "debit_minor" BIGINT NOT NULL,
    "credit_currency" CHAR(3) NOT NULL,
    "credit_minor" BIGINT NOT NULL,
    "fee_currency" CHAR(3) NOT NULL,
    "fee_minor" BIGINT NOT NULL,
    "fee_bps" INTEGER NOT NULL,
    "rate" NUMERIC(24, 12) NOT NULL,
    "rate_set_id" UUID NOT NULL REFERENCES "fx_rate_set" ("id"),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "fx_quote_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fx_quote_amounts_positive" CHECK ("debit_minor" > 0 AND "credit_minor" > 0 AND "fee_minor" >= 0)
);
CREATE INDEX "fx_quote_player_id_created_at_idx" ON "fx_quote" ("player_id", "created_at");

-- fx_conversion: one row per conversion, beside its one ledger transaction: the rate, its source and
-- time, the amounts and the fee (auditor exports read it).
CREATE TABLE "fx_conversion" (
    "id" UUID NOT NULL,
    "ledger_transaction_id" UUID NOT NULL REFERENCES "ledger_transaction" ("id"),
    "player_id" UUID,
    "purpose" VARCHAR(20) NOT NULL,
    "reference" VARCHAR(200) NOT NULL,
    "debit_currency" CHAR(3) NOT NULL,
    "debit_minor" BIGINT NOT NULL,
    "credit_currency" CHAR(3) NOT NULL,
    "credit_minor" BIGINT NOT NULL,
    "fee_currency" CHAR(3) NOT NULL,
    "fee_minor" BIGINT NOT NULL,
    "rate" NUMERIC(24, 12) NOT NULL,
    "rate_source" VARCHAR(40) NOT NULL,
    "rate_published_at" TIMESTAMPTZ(3) NOT NULL,
    "rate_set_id" UUID NOT NULL REFERENCES "fx_rate_set" ("id"),
    "quote_id" UUID REFERENCES "fx_quote" ("id"),
    "at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "fx_conversion_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "fx_conversion_ledger_transaction_id_key" ON "fx_conversion" ("ledger_transaction_id");
CREATE INDEX "fx_conversion_at_idx" ON "fx_conversion" ("at");
CREATE INDEX "fx_conversion_player_id_at_idx" ON "fx_conversion" ("player_id", "at");

-- Issue 18 (004:T-60, BET-06): a seat at a table in another currency than the wallet it was bought
-- from keeps that wallet's currency and the rate fixed at the buy-in (units of the wallet's currency
-- per unit of the table's); top-ups and the cash-out convert at the same rate.
ALTER TABLE "poker_seat" ADD COLUMN "funding_currency" CHAR(3), ADD COLUMN "funding_rate" NUMERIC(24, 12),
  ADD CONSTRAINT "poker_seat_funding_rate_with_currency" CHECK (("funding_currency" IS NULL) = ("funding_rate" IS NULL));
