-- Double-entry ledger. The rules it enforces are listed in packages/ledger/INVARIANTS.md.

CREATE TYPE "LedgerAccountType" AS ENUM ('ASSET', 'LIABILITY', 'REVENUE', 'EXPENSE', 'EQUITY');
CREATE TYPE "LedgerOwnerKind" AS ENUM ('PLAYER', 'OPERATOR', 'PAYMENT_PROVIDER', 'POKER_TABLE', 'TOURNAMENT');
CREATE TYPE "LedgerTransactionKind" AS ENUM (
  'DEPOSIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_SETTLE', 'WITHDRAWAL_RELEASE', 'STAKE', 'WIN', 'REFUND', 'RAKE', 'FEE',
  'TRANSFER', 'REVERSAL', 'ADJUSTMENT', 'HOLD', 'HOLD_SETTLE', 'HOLD_RELEASE', 'BUY_IN', 'CASH_OUT', 'PRIZE',
  'FX_CONVERSION', 'CLAWBACK'
);
CREATE TYPE "LedgerHoldStatus" AS ENUM ('PENDING', 'SETTLED', 'RELEASED');

CREATE TABLE "ledger_account" (
    "id" UUID NOT NULL,
    "code" VARCHAR(200) NOT NULL,
    "owner_kind" "LedgerOwnerKind" NOT NULL,
    "owner_id" VARCHAR(100),
    "purpose" VARCHAR(40) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "type" "LedgerAccountType" NOT NULL,
    "allow_negative" BOOLEAN NOT NULL,
    "shard_count" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_account_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_account_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
    CONSTRAINT "ledger_account_shard_count_check" CHECK ("shard_count" BETWEEN 1 AND 256),
    -- A balance that must stay >= 0 is checked on one row; shards would need all of them locked.
    CONSTRAINT "ledger_account_no_overdraft_unsharded" CHECK ("allow_negative" OR "shard_count" = 1)
);
CREATE UNIQUE INDEX "ledger_account_code_key" ON "ledger_account"("code");
CREATE INDEX "ledger_account_owner_kind_owner_id_idx" ON "ledger_account"("owner_kind", "owner_id");

CREATE TABLE "ledger_account_shard" (
    "account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "shard_no" INTEGER NOT NULL,
    "balance_minor" BIGINT NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "ledger_account_shard_pkey" PRIMARY KEY ("account_id", "shard_no"),
    CONSTRAINT "ledger_account_shard_no_check" CHECK ("shard_no" >= 0)
);

CREATE TABLE "ledger_transaction" (
    "id" UUID NOT NULL,
    "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
    "idempotency_key" VARCHAR(200) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "kind" "LedgerTransactionKind" NOT NULL,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "reverses_transaction_id" UUID REFERENCES "ledger_transaction"("id"),
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_transaction_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ledger_transaction_idempotency_key_key" ON "ledger_transaction"("idempotency_key");
-- A transaction is reversed at most once.
CREATE UNIQUE INDEX "ledger_transaction_reverses_transaction_id_key" ON "ledger_transaction"("reverses_transaction_id");
CREATE INDEX "ledger_transaction_xid_idx" ON "ledger_transaction"("xid");
CREATE INDEX "ledger_transaction_kind_effective_at_idx" ON "ledger_transaction"("kind", "effective_at");

CREATE TABLE "ledger_posting" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" UUID NOT NULL REFERENCES "ledger_transaction"("id"),
    "account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "shard_no" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ledger_posting_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_posting_amount_nonzero" CHECK ("amount_minor" <> 0),
    CONSTRAINT "ledger_posting_shard_fkey" FOREIGN KEY ("account_id", "shard_no") REFERENCES "ledger_account_shard"("account_id", "shard_no")
);
CREATE INDEX "ledger_posting_transaction_id_idx" ON "ledger_posting"("transaction_id");
CREATE INDEX "ledger_posting_account_id_id_idx" ON "ledger_posting"("account_id", "id");
CREATE INDEX "ledger_posting_account_id_effective_at_idx" ON "ledger_posting"("account_id", "effective_at");

CREATE TABLE "ledger_hold" (
    "id" UUID NOT NULL,
    "source_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "hold_account_id" UUID NOT NULL REFERENCES "ledger_account"("id"),
    "currency" CHAR(3) NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "status" "LedgerHoldStatus" NOT NULL DEFAULT 'PENDING',
    "reserve_transaction_id" UUID NOT NULL REFERENCES "ledger_transaction"("id"),
    "resolve_transaction_id" UUID REFERENCES "ledger_transaction"("id"),
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    CONSTRAINT "ledger_hold_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_hold_amount_positive" CHECK ("amount_minor" > 0),
    -- Resolved exactly when it has a resolving transaction.
    CONSTRAINT "ledger_hold_resolution_consistent" CHECK (("status" = 'PENDING') = ("resolve_transaction_id" IS NULL))
);
CREATE UNIQUE INDEX "ledger_hold_reserve_transaction_id_key" ON "ledger_hold"("reserve_transaction_id");
CREATE UNIQUE INDEX "ledger_hold_resolve_transaction_id_key" ON "ledger_hold"("resolve_transaction_id");
CREATE INDEX "ledger_hold_source_account_id_status_idx" ON "ledger_hold"("source_account_id", "status");

CREATE TABLE "ledger_block" (
    "block_no" BIGINT NOT NULL,
    "from_xid" xid8 NOT NULL,
    "to_xid" xid8 NOT NULL,
    "transaction_count" INTEGER NOT NULL,
    "entries_hash" CHAR(64) NOT NULL,
    "previous_hash" CHAR(64) NOT NULL,
    "block_hash" CHAR(64) NOT NULL,
    "sealed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_block_pkey" PRIMARY KEY ("block_no"),
    CONSTRAINT "ledger_block_range_check" CHECK ("from_xid" <= "to_xid")
);

-- History is append-only: corrections are reversing transactions, never edits.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LDG09', MESSAGE = format('%s is append-only: %s is refused', TG_TABLE_NAME, TG_OP);
END $$;

CREATE TRIGGER ledger_transaction_append_only BEFORE UPDATE OR DELETE ON "ledger_transaction"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON "ledger_transaction"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_posting_append_only BEFORE UPDATE OR DELETE ON "ledger_posting"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_posting_no_truncate BEFORE TRUNCATE ON "ledger_posting"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_block_append_only BEFORE UPDATE OR DELETE ON "ledger_block"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_block_no_truncate BEFORE TRUNCATE ON "ledger_block"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- +1 for debit-normal accounts (assets, expenses), -1 for credit-normal ones (liabilities,
-- revenue, equity): a posting of `amount` (debit > 0) changes the normal-signed balance by sign * amount.
CREATE FUNCTION ledger_normal_sign(t "LedgerAccountType") RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t IN ('ASSET', 'EXPENSE') THEN 1 ELSE -1 END
$$;

-- Posts one balanced transaction in the caller's database transaction, in one round trip.
-- Errors (SQLSTATE): LDG01 insufficient funds, LDG02 idempotency key reused with another request,
-- LDG03 unknown account, LDG04 currency mismatch, LDG05 unbalanced. The TypeScript side
-- (packages/ledger/src/post.ts) validates first; these checks are the last line.
CREATE FUNCTION ledger_post(
  p_transaction_id uuid,
  p_idempotency_key text,
  p_request_hash text,
  p_kind "LedgerTransactionKind",
  p_metadata jsonb,
  p_effective_at timestamptz,
  p_reverses_transaction_id uuid,
  p_postings jsonb  -- [{ "accountId": uuid, "currency": "CZK", "amountMinor": "123" }, …]
) RETURNS TABLE (transaction_id uuid, replayed boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_existing record;
  v_account record;
  v_shard integer;
  v_balance bigint;
  v_accounts uuid[] := '{}';
  v_shards integer[] := '{}';
BEGIN
  -- 1. Idempotency. A concurrent writer of the same key waits here until the first commits.
  INSERT INTO ledger_transaction (id, idempotency_key, request_hash, kind, metadata, effective_at, reverses_transaction_id)
  VALUES (p_transaction_id, p_idempotency_key, p_request_hash, p_kind, p_metadata, p_effective_at, p_reverses_transaction_id)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.id, t.request_hash INTO v_existing FROM ledger_transaction t WHERE t.idempotency_key = p_idempotency_key;
    IF v_existing.request_hash <> p_request_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG02', MESSAGE = 'idempotency key reused with a different request', DETAIL = p_idempotency_key;
    END IF;
    RETURN QUERY SELECT v_existing.id, true;
    RETURN;
  END IF;

  -- 2. Every line in its account's currency; every currency sums to zero.
  PERFORM 1 FROM jsonb_array_elements(p_postings) e
    LEFT JOIN ledger_account a ON a.id = (e->>'accountId')::uuid
    WHERE a.id IS NULL LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LDG03', MESSAGE = 'posting to an unknown account';
  END IF;
  PERFORM 1 FROM jsonb_array_elements(p_postings) e
    JOIN ledger_account a ON a.id = (e->>'accountId')::uuid
    WHERE a.currency <> e->>'currency' LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LDG04', MESSAGE = 'posting currency differs from its account''s';
  END IF;
  PERFORM 1 FROM jsonb_array_elements(p_postings) e
    GROUP BY e->>'currency' HAVING sum((e->>'amountMinor')::bigint) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LDG05', MESSAGE = 'postings do not balance per currency';
  END IF;

  -- 3. Balances, one row per account (a random shard of a hot account), locked in account-id
  --    order so that two transactions over the same accounts never wait on each other in a cycle.
  FOR v_account IN
    SELECT a.id, a.code, a.type, a.allow_negative, a.shard_count, sum((e->>'amountMinor')::bigint) AS delta
    FROM jsonb_array_elements(p_postings) e JOIN ledger_account a ON a.id = (e->>'accountId')::uuid
    GROUP BY a.id, a.code, a.type, a.allow_negative, a.shard_count
    ORDER BY a.id
  LOOP
    v_shard := CASE WHEN v_account.shard_count = 1 THEN 0 ELSE floor(random() * v_account.shard_count)::integer END;
    UPDATE ledger_account_shard s
      SET balance_minor = s.balance_minor + ledger_normal_sign(v_account.type) * v_account.delta, version = s.version + 1
      WHERE s.account_id = v_account.id AND s.shard_no = v_shard
      RETURNING s.balance_minor INTO v_balance;
    IF NOT v_account.allow_negative AND v_balance < 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'insufficient funds',
        DETAIL = json_build_object('accountId', v_account.id, 'accountCode', v_account.code,
                                   'balanceMinor', (v_balance - ledger_normal_sign(v_account.type) * v_account.delta)::text)::text;
    END IF;
    v_accounts := v_accounts || v_account.id;
    v_shards := v_shards || v_shard;
  END LOOP;

  -- 4. The postings themselves.
  INSERT INTO ledger_posting (transaction_id, account_id, shard_no, currency, amount_minor, effective_at)
  SELECT p_transaction_id, (e->>'accountId')::uuid, c.shard_no, e->>'currency', (e->>'amountMinor')::bigint, p_effective_at
  FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS l(e, line_no)
  JOIN unnest(v_accounts, v_shards) AS c(account_id, shard_no) ON c.account_id = (e->>'accountId')::uuid
  ORDER BY l.line_no;

  RETURN QUERY SELECT p_transaction_id, false;
END $$;
