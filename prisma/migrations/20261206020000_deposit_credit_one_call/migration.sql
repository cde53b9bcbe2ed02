-- Issue 22 (hot paths, the webhook delivery): a provider's payment event that credits a deposit in two
-- statements, each its own database transaction, sent as named prepared statements on the pool's own
-- connection (packages/cashier, credit-payment-one-call.ts, D-2280):
--
--   cashier_deposit_read    (no lock held after it) whether the event was recorded, and everything the
--                           credit decides on (cashier_deposit_state) with the document's md5;
--   (TypeScript: the cashier's, the self-limits' and AML's rules decide on the document, as before)
--   cashier_deposit_credit  the event row (exactly once per provider and event id), the deposit's row
--                           lock, THE per-player lock, the document read again under those locks and
--                           compared with the md5 the decision was made on (another → SQLSTATE CSH01,
--                           nothing written, the caller reads and decides again), then the usage entry
--                           and counters (limits_deposit_count), ledger_post, the deposit's new state and
--                           the monitoring event's outbox row.
--
-- The guarantee is the one of reading after the locks (docs/concurrency.md): every write commits only
-- if what it was decided on is, under the locks, exactly what the rules saw. Lock order as the ORM path
-- (apply-provider-event.ts): the event's key, the deposit row, the player lock, the ledger's shards.
-- Each statement of a VOLATILE PL/pgSQL function takes a fresh snapshot (D-2251), so the second read
-- sees what the previous holder of a lock committed.

-- The deposits counted against a method's caps (cap-usage.ts, depositUsage, which calls this too):
-- credited ones at their crediting time, with `p_include_pending` those still on their way too.
CREATE OR REPLACE FUNCTION cashier_deposit_usage(
  p_player uuid,
  p_instrument text,
  p_exclude uuid,
  p_include_pending boolean,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz
) RETURNS jsonb
LANGUAGE sql STABLE AS $$
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
  FROM counted
$$;

-- A player's credited postings of one transaction kind since `p_after`, per currency, as positive
-- minor units in text, ordered by currency: playerMovementTotals (packages/ledger, player-movements.ts)
-- with direction `credited`, for a function that reads it inside a larger statement.
CREATE OR REPLACE FUNCTION ledger_player_credited_totals(
  p_player text,
  p_kind "LedgerTransactionKind",
  p_after timestamptz
) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('currency', x.currency, 'total', x.total::text) ORDER BY x.currency), '[]'::jsonb)
  FROM (
    SELECT p.currency, -sum(p.amount_minor) AS total
    FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id
    WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p_player AND t.kind = p_kind AND p.amount_minor < 0
      AND p.effective_at > p_after
    GROUP BY p.currency
  ) AS x
$$;

-- A player's account of one purpose and currency, with its balance (normal-signed), or NULL.
CREATE OR REPLACE FUNCTION ledger_player_account(
  p_player text,
  p_purpose text,
  p_currency text
) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('id', a.id, 'code', a.code,
                            'balance_minor', (SELECT coalesce(sum(s.balance_minor), 0) FROM ledger_account_shard s WHERE s.account_id = a.id)::text)
  FROM ledger_account a
  WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p_player AND a.purpose = p_purpose AND a.currency = p_currency
$$;

-- Everything the credit of a deposit decides on, as one document (money and counters as text): the
-- deposit (NULL when there is none of this provider), the player's account, the payment method, the
-- self-limits' rows (limits_stake_read: it takes the player lock), the cap override and the usage
-- against the caps, the AML facts, the wallet, the debt and the provider's clearing account. Every
-- aggregate is ordered, so the same rows give the same text and the same md5.
CREATE OR REPLACE FUNCTION cashier_deposit_state(
  p_deposit uuid,
  p_provider text,
  p_clearing_code text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_deposit record;
  v_lock_key text;
BEGIN
  SELECT id, player_id, payment_method_id, instrument, channel, amount_minor, currency, status::text AS status,
         provider, provider_payment_id, temporary_account, credited_at
    INTO v_deposit
    FROM cashier_deposit WHERE id = p_deposit;
  IF NOT FOUND OR v_deposit.provider IS DISTINCT FROM p_provider THEN
    RETURN jsonb_build_object('deposit', NULL);
  END IF;
  -- playerLockKey of @casino/db; the caller asserts it is the key it would take.
  v_lock_key := 'player:' || lower(v_deposit.player_id::text);
  RETURN jsonb_build_object(
    'deposit', jsonb_build_object('id', v_deposit.id, 'player_id', v_deposit.player_id, 'payment_method_id', v_deposit.payment_method_id,
                                  'instrument', v_deposit.instrument, 'channel', v_deposit.channel,
                                  'amount_minor', v_deposit.amount_minor::text, 'currency', v_deposit.currency,
                                  'status', v_deposit.status, 'provider_payment_id', v_deposit.provider_payment_id,
                                  'temporary_account', v_deposit.temporary_account, 'credited_at', v_deposit.credited_at),
    'lock_key', v_lock_key,
    'player', (SELECT jsonb_build_object('state', p.state::text, 'register_status', p.register_status::text,
                                         'identity_status', p.identity_status::text)
               FROM player p WHERE p.id = v_deposit.player_id),
    'method', (SELECT jsonb_build_object('kind', m.kind::text, 'status', m.status::text, 'active', m.active,
                                         'holder_name_exact', m.holder_name_exact)
               FROM payment_method m WHERE m.id = v_deposit.payment_method_id),
    'limits', limits_stake_read(v_deposit.player_id, v_lock_key, p_at, NULL, p_day, p_week, p_month),
    'cap_override', (SELECT jsonb_build_object('per_transaction_minor_min', o.per_transaction_minor_min::text,
                                               'per_transaction_minor_max', o.per_transaction_minor_max::text,
                                               'rolling_24h_minor_max', o.rolling_24h_minor_max::text,
                                               'rolling_7d_minor_max', o.rolling_7d_minor_max::text,
                                               'rolling_30d_minor_max', o.rolling_30d_minor_max::text,
                                               'attempts_24h_max', o.attempts_24h_max, 'count_24h_max', o.count_24h_max)
                     FROM cashier_cap_override o
                     WHERE o.player_id = v_deposit.player_id AND o.instrument = v_deposit.instrument AND o.direction = 'DEPOSIT'),
    'usage', cashier_deposit_usage(v_deposit.player_id, v_deposit.instrument, v_deposit.id, false, p_since30d, p_since7d, p_since24h),
    'aml', jsonb_build_object(
      'threshold_minor', (SELECT r.threshold_minor::text FROM monitoring_rule r WHERE r.code = 'large-transaction'),
      'earlier', ledger_player_credited_totals(v_deposit.player_id::text, 'DEPOSIT', p_since24h),
      'open_demand', EXISTS (SELECT 1 FROM reverification_demand d WHERE d.player_id = v_deposit.player_id AND d.satisfied_at IS NULL)),
    'wallet', ledger_player_account(v_deposit.player_id::text, 'cash', v_deposit.currency),
    'debt', ledger_player_account(v_deposit.player_id::text, 'debt', v_deposit.currency),
    'clearing', (SELECT a.id FROM ledger_account a WHERE a.code = p_clearing_code));
END;
$$;

-- The first statement: whether the provider's event was recorded before (then nothing else is read)
-- and, if not, the document and its md5. Takes no lock that outlives it.
CREATE OR REPLACE FUNCTION cashier_deposit_read(
  p_provider text,
  p_event_id text,
  p_deposit uuid,
  p_clearing_code text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_state jsonb;
BEGIN
  IF EXISTS (SELECT 1 FROM cashier_provider_event e WHERE e.provider = p_provider AND e.event_id = p_event_id) THEN
    RETURN jsonb_build_object('recorded', true);
  END IF;
  v_state := cashier_deposit_state(p_deposit, p_provider, p_clearing_code, p_at, p_day, p_week, p_month, p_since30d, p_since7d, p_since24h);
  RETURN jsonb_build_object('recorded', false, 'state', v_state, 'state_md5', md5(v_state::text));
END;
$$;

-- The write half of authorizeDeposit (packages/limits): the deposit's usage entry, counted once per
-- reference (counted before is a bug here: the caller holds the deposit's row lock and the event is
-- new), and the period counters (p_usage: [{period, start, deposits, stakes, wins, played}] as text).
CREATE OR REPLACE FUNCTION limits_deposit_count(
  p_player uuid,
  p_reference text,
  p_amount_minor bigint,
  p_currency text,
  p_rate_to_czk numeric,
  p_counted_minor bigint,
  p_at timestamptz,
  p_usage jsonb
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
    VALUES (p_player, 'DEPOSIT', p_reference, NULL, p_amount_minor, p_currency, p_rate_to_czk, p_counted_minor, NULL, p_at)
    ON CONFLICT (player_id, kind, reference) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'deposit % of player % was counted before', p_reference, p_player;
  END IF;

  INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
    SELECT p_player, d.period::"LimitUsagePeriod", d.start, d.deposits, d.stakes, d.wins, d.played
    FROM jsonb_to_recordset(p_usage) AS d(period text, start date, deposits bigint, stakes bigint, wins bigint, played bigint)
    ON CONFLICT (player_id, period, period_start) DO UPDATE SET
      deposits_minor = u.deposits_minor + EXCLUDED.deposits_minor,
      stakes_minor = u.stakes_minor + EXCLUDED.stakes_minor,
      wins_minor = u.wins_minor + EXCLUDED.wins_minor,
      played_ms = u.played_ms + EXCLUDED.played_ms;
END;
$$;

-- The second statement: everything the credit writes, under the locks, if the document is unchanged.
-- Returns 'duplicate' when the event was recorded meanwhile (a parallel delivery of it committed
-- first: this one waited on its key and writes nothing), else 'applied'.
CREATE OR REPLACE FUNCTION cashier_deposit_credit(
  p_provider text,
  p_event_id text,
  p_type text,
  p_payload jsonb,
  p_deposit uuid,
  p_clearing_code text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz,
  p_state_md5 text,
  p_status text,
  p_three_d_secure text,
  p_provider_payment_id text,
  p_due_diligence boolean,
  p_player uuid,
  p_reference text,
  p_amount_minor bigint,
  p_currency text,
  p_rate_to_czk numeric,
  p_counted_minor bigint,
  p_usage jsonb,
  p_transaction_id uuid,
  p_key text,
  p_request_hash text,
  p_metadata jsonb,
  p_postings jsonb,
  p_outbox_id uuid,
  p_outbox_topic text,
  p_outbox_payload jsonb
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_state jsonb;
  v_posted record;
BEGIN
  INSERT INTO cashier_provider_event (provider, event_id, type, payload, outcome, subject_id, received_at)
    VALUES (p_provider, p_event_id, p_type, p_payload, 'applied', p_deposit, p_at)
    ON CONFLICT (provider, event_id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'duplicate';
  END IF;

  PERFORM 1 FROM cashier_deposit WHERE id = p_deposit FOR UPDATE;
  PERFORM pg_advisory_xact_lock(hashtextextended('player:' || lower(p_player::text), 0));
  v_state := cashier_deposit_state(p_deposit, p_provider, p_clearing_code, p_at, p_day, p_week, p_month, p_since30d, p_since7d, p_since24h);
  IF md5(v_state::text) <> p_state_md5 THEN
    RAISE EXCEPTION USING ERRCODE = 'CSH01', MESSAGE = 'the deposit''s state changed since it was read';
  END IF;

  PERFORM limits_deposit_count(p_player, p_reference, p_amount_minor, p_currency, p_rate_to_czk, p_counted_minor, p_at, p_usage);

  SELECT * INTO v_posted FROM ledger_post(p_transaction_id, p_key, p_request_hash, 'DEPOSIT', p_metadata, p_at, NULL, p_postings);
  IF v_posted.replayed THEN
    RAISE EXCEPTION 'deposit % was posted before', p_key;
  END IF;

  UPDATE cashier_deposit SET
    status = p_status::"DepositStatus",
    ledger_transaction_id = v_posted.transaction_id,
    credited_at = p_at,
    due_diligence_applied = p_due_diligence,
    temporary_account = false,
    updated_at = p_at,
    three_d_secure = p_three_d_secure,
    provider_payment_id = COALESCE(provider_payment_id, p_provider_payment_id)
  WHERE id = p_deposit;

  INSERT INTO outbox_message (id, topic, version, payload) VALUES (p_outbox_id, p_outbox_topic, 1, p_outbox_payload);
  RETURN 'applied';
END;
$$;
