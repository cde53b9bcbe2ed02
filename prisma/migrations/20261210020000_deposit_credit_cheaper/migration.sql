-- Issue 22 (hot paths, the webhook delivery, eighth step; D-2277): the statements of the deposit credit
-- (cashier_deposit_read and cashier_deposit_credit, migration 20261206020000_deposit_credit_one_call)
-- cost PostgreSQL about 2.6 ms per delivery, much of it planning and a ledger-wide scan in the AML
-- read (ledger_player_credited_totals below, D-2278), not the credit's own work. The three helpers
-- the credit's document is built from were SQL functions whose body has a FROM clause: PostgreSQL
-- cannot inline such a function into its caller and plans its body again on every call (SQL
-- functions keep no plan between calls), four times per document (usage, AML totals, wallet, debt),
-- twice per delivery (the read, then the re-read under the locks). As PL/pgSQL functions their
-- statements are planned once per connection and the plan is kept (the pool's connections live long).
--
-- Same names, arguments, results and volatility: every caller (cap-usage.ts, the poker deposit
-- intent's one-call path, cashier_deposit_state) gets the same document, so the md5 the credit
-- compares is unchanged and nothing it guarantees moves. What was a plan per call is a plan per
-- connection.

-- The deposits counted against a method's caps (cap-usage.ts, depositUsage, which calls this too):
-- credited ones at their crediting time, with `p_include_pending` those still on their way too.
-- The index (player_id, created_at) bounds the rows to the player's last 31 days of deposits.
CREATE OR REPLACE FUNCTION cashier_deposit_usage(
  p_player uuid,
  p_instrument text,
  p_exclude uuid,
  p_include_pending boolean,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_usage jsonb;
BEGIN
  WITH counted AS (
    SELECT amount_minor, COALESCE(credited_at, created_at) AS at, created_at, channel,
           (credited_at IS NOT NULL OR (p_include_pending AND status IN ('CREATED', 'PENDING'))) AS counts
    FROM cashier_deposit
    WHERE player_id = p_player AND instrument = p_instrument AND id <> p_exclude
      AND created_at > p_since30d - interval '1 day'
  )
  SELECT jsonb_build_object(
    'd30', COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > p_since30d), 0)::text,
    'd7', COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > p_since7d), 0)::text,
    'd24', COALESCE(sum(amount_minor) FILTER (WHERE counts AND at > p_since24h), 0)::text,
    'n24', count(*) FILTER (WHERE counts AND at > p_since24h),
    'a24', count(*) FILTER (WHERE channel = 'CASHLESS' AND created_at > p_since24h))
    INTO v_usage
    FROM counted;
  RETURN v_usage;
END;
$$;

-- A player's credited postings of one transaction kind since `p_after`, per currency, as positive
-- minor units in text, ordered by currency: playerMovementTotals (packages/ledger, player-movements.ts)
-- with direction `credited`, for a function that reads it inside a larger statement.
--
-- The same sum as before (D-2278), found another way. The planner used to AND the account's postings
-- with the ledger-wide index on effective_at: every posting of every account in the last 24 hours was
-- read, once per document, so each deposit credit cost more the busier the casino (all of bench:webhooks'
-- postings are recent: the reads grew with each delivery). `+ interval '0 s'` keeps that index out of
-- the plan (the value is the same). The account's postings are filtered inside its index (account_id,
-- id) INCLUDE (effective_at, amount_minor), an index-only scan; only the recent credits it leaves are
-- read from the table, for their transaction's kind. What remains grows with the player's own postings
-- (about 0.1 µs each): a scan bounded by the window needs an index on (account_id, effective_at), the
-- one the ledger's write path dropped (20261125000000_ledger_write_path), left to the ledger (D-2279).
CREATE OR REPLACE FUNCTION ledger_player_credited_totals(
  p_player text,
  p_kind "LedgerTransactionKind",
  p_after timestamptz
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_totals jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object('currency', x.currency, 'total', x.total::text) ORDER BY x.currency), '[]'::jsonb)
    INTO v_totals
    FROM (
      SELECT p.currency, -sum(p.amount_minor) AS total
      FROM ledger_account a
      JOIN LATERAL (SELECT c.id FROM ledger_posting c
                    WHERE c.account_id = a.id AND c.amount_minor < 0 AND c.effective_at + interval '0 s' > p_after) AS c ON true
      JOIN ledger_posting p ON p.account_id = a.id AND p.id = c.id
      JOIN ledger_transaction t ON t.id = p.transaction_id
      WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p_player AND t.kind = p_kind
      GROUP BY p.currency
    ) AS x;
  RETURN v_totals;
END;
$$;

-- A player's account of one purpose and currency, with its balance (normal-signed), or NULL.
CREATE OR REPLACE FUNCTION ledger_player_account(
  p_player text,
  p_purpose text,
  p_currency text
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_account jsonb;
BEGIN
  SELECT jsonb_build_object('id', a.id, 'code', a.code,
                            'balance_minor', (SELECT coalesce(sum(s.balance_minor), 0) FROM ledger_account_shard s WHERE s.account_id = a.id)::text)
    INTO v_account
    FROM ledger_account a
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p_player AND a.purpose = p_purpose AND a.currency = p_currency;
  RETURN v_account;
END;
$$;
