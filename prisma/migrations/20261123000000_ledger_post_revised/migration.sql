-- ledger_post, revised (INVARIANTS.md I2, I5, I10):
-- 1. Accounts are looked up by primary key, one index probe per account. The first version joined
--    jsonb_array_elements(p_postings) to ledger_account; the planner, expecting 100 elements, hashed
--    the whole account table three times per posting, so a posting cost grew with the number of
--    players (3 ms at 10,000 accounts).
-- 2. A hot account's shard is chosen per database transaction instead of per posting. With a random
--    shard per call, a database transaction that posted twice to one hot account locked two of its
--    shards in random order, and two such transactions could deadlock.

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

  -- 2. Every currency sums to zero (the postings alone; no table is read).
  PERFORM 1 FROM jsonb_array_elements(p_postings) e
    GROUP BY e->>'currency' HAVING sum((e->>'amountMinor')::bigint) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LDG05', MESSAGE = 'postings do not balance per currency';
  END IF;

  -- 3. One row per account and currency, in account-id order: locks are taken in that order, so two
  --    transactions over the same accounts never wait on each other in a cycle. Each account is read
  --    by its primary key. A hot account's shard follows the database transaction's id: every posting
  --    of one database transaction (a stake and its rake, say) lands on the same shard, so it holds one
  --    shard lock per account, while concurrent transactions spread over the shards.
  FOR v_line IN
    SELECT (e->>'accountId')::uuid AS account_id, e->>'currency' AS currency, sum((e->>'amountMinor')::bigint) AS delta
    FROM jsonb_array_elements(p_postings) e
    GROUP BY 1, 2
    ORDER BY 1
  LOOP
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

  -- 4. The postings themselves, in the caller's order.
  INSERT INTO ledger_posting (transaction_id, account_id, shard_no, currency, amount_minor, effective_at)
  SELECT p_transaction_id, (e->>'accountId')::uuid, c.shard_no, e->>'currency', (e->>'amountMinor')::bigint, p_effective_at
  FROM jsonb_array_elements(p_postings) WITH ORDINALITY AS l(e, line_no)
  JOIN unnest(v_accounts, v_shards) AS c(account_id, shard_no) ON c.account_id = (e->>'accountId')::uuid
  ORDER BY l.line_no;

  RETURN QUERY SELECT p_transaction_id, false;
END $$;
