-- Issue 22, D-1873: a replay of a reversal that raced its first attempt was refused as already
-- reversed (the model workload's seed 269587095). `ledger_post` as in 20261125000000_ledger_write_path,
-- except step 1: a reversal's insert takes every unique index as arbiter, so a conflict on
-- `reverses_transaction_id` with its own first attempt is a replay like a conflict on the key.

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
  --    A reversal's row meets a second unique index, `reverses_transaction_id` (I8), and ON CONFLICT
  --    turns only its arbiters' conflicts into "do nothing": a conflict on any other index is an
  --    error. So a replay of a reversal that passed the key's check while its first attempt's row was
  --    not yet in the key's index would wait on the second index and fail there (23505, answered
  --    AlreadyReversed) instead of returning the first reversal (I7). A reversal therefore takes every
  --    unique index as arbiter, and the key decides what the conflict was: the key's own row is a
  --    replay; no row under the key means another request reversed the transaction. Other
  --    transactions keep the one arbiter (the partial index leaves them out anyway).
  IF p_reverses_transaction_id IS NULL THEN
    INSERT INTO ledger_transaction (id, idempotency_key, request_hash, kind, metadata, effective_at, reverses_transaction_id)
    VALUES (p_transaction_id, p_idempotency_key, p_request_hash, p_kind, p_metadata, p_effective_at, p_reverses_transaction_id)
    ON CONFLICT (idempotency_key) DO NOTHING;
  ELSE
    INSERT INTO ledger_transaction (id, idempotency_key, request_hash, kind, metadata, effective_at, reverses_transaction_id)
    VALUES (p_transaction_id, p_idempotency_key, p_request_hash, p_kind, p_metadata, p_effective_at, p_reverses_transaction_id)
    ON CONFLICT DO NOTHING;
  END IF;
  IF NOT FOUND THEN
    SELECT t.id, t.request_hash INTO v_existing FROM ledger_transaction t WHERE t.idempotency_key = p_idempotency_key;
    IF v_existing.id IS NULL THEN
      -- Only a reversal gets here: its transaction was reversed under another key (the error the
      -- unique index raised before, which `reverse` answers AlreadyReversed).
      RAISE EXCEPTION USING ERRCODE = 'unique_violation', CONSTRAINT = 'ledger_transaction_reverses_transaction_id_key',
        MESSAGE = 'duplicate key value violates unique constraint "ledger_transaction_reverses_transaction_id_key"',
        DETAIL = format('Key (reverses_transaction_id)=(%s) already exists.', p_reverses_transaction_id);
    END IF;
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
