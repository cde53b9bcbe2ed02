-- The ledger's write path, lighter (issue 3; docs/performance.md "Ledger"). Before, a two-party
-- transfer maintained fifteen index entries and ran five foreign-key checks. What changes, and why
-- nothing it guaranteed is lost:
--
-- 1. "A transaction is reversed at most once" (I8) needs uniqueness among the transactions that
--    reverse something. NULLs never conflicted, so the index now leaves them out instead of holding
--    one entry per ordinary transaction.
DROP INDEX IF EXISTS "ledger_transaction_reverses_transaction_id_key";
CREATE UNIQUE INDEX "ledger_transaction_reverses_transaction_id_key" ON "ledger_transaction"("reverses_transaction_id")
  WHERE "reverses_transaction_id" IS NOT NULL;

-- 2. A posting's account exists because its (account_id, shard_no) references a shard row, and a
--    shard row references its account (ledger_account_shard.account_id). The direct reference
--    checked the same thing again, and its check locked the account row FOR KEY SHARE on every
--    posting: a WAL record each time, and on a hot account (the house) a MultiXact per concurrent
--    transaction.
ALTER TABLE "ledger_posting" DROP CONSTRAINT "ledger_posting_account_id_fkey";

-- 3. One index per account for its postings. (account_id, id) carrying effective_at and amount_minor
--    serves statements (keyset on id, opening balance) and balances as of a time (index-only), where
--    two indexes were maintained on every posting.
DROP INDEX "ledger_posting_account_id_effective_at_idx";
DROP INDEX "ledger_posting_account_id_id_idx";
CREATE INDEX "ledger_posting_account_id_id_idx" ON "ledger_posting"("account_id", "id") INCLUDE ("effective_at", "amount_minor");

-- 4. A posting is found through its transaction (reversals, sealing, registers) or its account, never
--    by its number alone. The primary key (transaction_id, id) is both the uniqueness and the
--    "postings of a transaction" index, where a key on id and an index on transaction_id were two.
ALTER TABLE "ledger_posting" DROP CONSTRAINT "ledger_posting_pkey";
ALTER TABLE "ledger_posting" ADD CONSTRAINT "ledger_posting_pkey" PRIMARY KEY ("transaction_id", "id");
DROP INDEX "ledger_posting_transaction_id_idx";

-- 5. ledger_post reads its postings once instead of three times: one pass groups them by account and
--    currency and carries each currency's sum (I2 is checked on that), and the postings are inserted
--    from arrays built in the same loop, in the caller's order, with no join.
CREATE OR REPLACE FUNCTION ledger_post(
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
  v_line record;
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

  -- 2. One row per account and currency, in account-id order: locks are taken in that order, so two
  --    transactions over the same accounts never wait on each other in a cycle (I10). Each row
  --    carries its currency's sum over the whole transaction, which must be zero (I2). Each account
  --    is read by its primary key. A hot account's shard follows the database transaction's id:
  --    every posting of one database transaction (a stake and its rake, say) lands on the same
  --    shard, so it holds one shard lock per account, while concurrent transactions spread over the
  --    shards.
  FOR v_line IN
    SELECT g.account_id, g.currency, g.delta, sum(g.delta) OVER (PARTITION BY g.currency) AS currency_sum
    FROM (SELECT (e->>'accountId')::uuid AS account_id, e->>'currency' AS currency, sum((e->>'amountMinor')::bigint) AS delta
          FROM jsonb_array_elements(p_postings) e GROUP BY 1, 2) g
    ORDER BY g.account_id
  LOOP
    IF v_line.currency_sum <> 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG05', MESSAGE = 'postings do not balance per currency';
    END IF;
    SELECT a.id, a.code, a.type, a.currency, a.allow_negative, a.shard_count INTO v_account
      FROM ledger_account a WHERE a.id = v_line.account_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG03', MESSAGE = 'posting to an unknown account';
    END IF;
    IF v_account.currency <> v_line.currency THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG04', MESSAGE = 'posting currency differs from its account''s';
    END IF;
    v_shard := CASE WHEN v_account.shard_count = 1 THEN 0 ELSE (pg_current_xact_id()::text::bigint % v_account.shard_count)::integer END;
    UPDATE ledger_account_shard s
      SET balance_minor = s.balance_minor + ledger_normal_sign(v_account.type) * v_line.delta, version = s.version + 1
      WHERE s.account_id = v_account.id AND s.shard_no = v_shard
      RETURNING s.balance_minor INTO v_balance;
    IF NOT v_account.allow_negative AND v_balance < 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'LDG01', MESSAGE = 'insufficient funds',
        DETAIL = json_build_object('accountId', v_account.id, 'accountCode', v_account.code,
                                   'balanceMinor', (v_balance - ledger_normal_sign(v_account.type) * v_line.delta)::text)::text;
    END IF;
    v_accounts := v_accounts || v_account.id;
    v_shards := v_shards || v_shard;
  END LOOP;

  -- 3. The postings themselves, in the caller's order, each on its account's shard.
  INSERT INTO ledger_posting (transaction_id, account_id, shard_no, currency, amount_minor, effective_at)
  SELECT p_transaction_id, l.account_id, v_shards[array_position(v_accounts, l.account_id)], l.e->>'currency', (l.e->>'amountMinor')::bigint, p_effective_at
  FROM (SELECT e, (e->>'accountId')::uuid AS account_id, line_no FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS x(e, line_no)) l
  ORDER BY l.line_no;

  RETURN QUERY SELECT p_transaction_id, false;
END $$;
