-- Issue 22 (hot paths): a poker cash table's buy-in and top-up in two statements, BEGIN riding with the
-- first and COMMIT with the second (packages/tables/src/poker/store-money-one-call.ts, as the bet
-- confirmation's table_stake_begin / table_stake_commit, D-2260, D-2264).
--
--   poker_take_begin   the table row fenced by this instance's lease (FOR NO KEY UPDATE), THE player
--                      lock, then for a buy-in the seat guard's flags, the seats taken, idle play
--                      sessions ended and the open one found; for a top-up the player's seat row locked
--                      and the earlier posting of the request's key; the wallets' account ids; the
--                      self-limits' rows (limits_stake_read);
--   (TypeScript: the buy-in range, the seat guard's rules, decideStake, as the ORM path decides)
--   poker_take_commit  the new play session and seat row (buy-in), the usage entry and counters
--                      (limits_stake_count), ledger_post (wallet -> escrow, BUY_IN), the monitoring
--                      event's outbox row, the stack (top-up), then the escrow invariant.
--
-- Lock order as the ORM path (store-money.ts): the table row, the player, the seat, the ledger accounts.

-- The escrow invariant (store-escrow.ts) inside a statement: the escrow's shards locked, their balance
-- equal to the table's stored stacks; raises HINT 'escrow-invariant', DETAIL '<escrow> <stacks>'.
CREATE OR REPLACE FUNCTION poker_assert_escrow(p_table uuid, p_escrow uuid) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_escrow bigint;
  v_stacks bigint;
  v_shards_locked int;
  v_shards int;
BEGIN
  SELECT coalesce(sum(x.balance_minor), 0), count(*), max(x.shard_count) INTO v_escrow, v_shards_locked, v_shards
  FROM (SELECT sh.balance_minor, a.shard_count FROM ledger_account_shard sh JOIN ledger_account a ON a.id = sh.account_id
        WHERE sh.account_id = p_escrow ORDER BY sh.shard_no FOR UPDATE OF sh) x;
  IF v_shards_locked = 0 OR v_shards_locked <> v_shards THEN
    RAISE EXCEPTION 'account % has % shards, % were locked', p_escrow, v_shards, v_shards_locked;
  END IF;
  SELECT coalesce(sum(stack_minor), 0) INTO v_stacks FROM poker_seat WHERE table_id = p_table;
  IF v_escrow <> v_stacks THEN
    RAISE EXCEPTION 'Poker table %: the escrow holds % but the seats'' stacks add up to %.', p_table, v_escrow, v_stacks
      USING HINT = 'escrow-invariant', DETAIL = v_escrow || ' ' || v_stacks;
  END IF;
END;
$$;

-- p: { kind: 'buy-in' | 'top-up', table_id, epoch, instance_id, player_id, seat, lock_key, at, idle_since,
--      day, week, month,
--      wallet_codes: [cash code, temporary code] with '{currency}' for the table's currency, top_up_ref (text or null) }.
-- Returns { table, guard, taken, session_id, seat, earlier_transaction_id, wallets, stake_state }; table null: the lease is lost.
CREATE OR REPLACE FUNCTION poker_take_begin(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_table_id uuid := (p->>'table_id')::uuid;
  v_player uuid := (p->>'player_id')::uuid;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_table jsonb;
  v_guard jsonb;
  v_taken jsonb;
  v_session uuid;
  v_seat record;
  v_seat_doc jsonb;
  v_earlier uuid;
  v_wallets jsonb;
  v_state jsonb;
BEGIN
  SELECT jsonb_build_object('id', t.id, 'currency', t.currency, 'status', t.status::text, 'definition', t.definition,
                            'escrow_account_id', t.escrow_account_id)
    INTO v_table
    FROM poker_table t
    WHERE t.id = v_table_id AND t.lease_epoch = (p->>'epoch')::bigint AND t.lease_owner = p->>'instance_id'
    FOR NO KEY UPDATE;
  IF v_table IS NULL THEN
    RETURN jsonb_build_object('table', NULL);
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended(p->>'lock_key', 0));

  -- The wallets' codes come with the currency left open ('{currency}'): the table's is filled in.
  SELECT coalesce(jsonb_object_agg(a.code, a.id), '{}'::jsonb) INTO v_wallets
    FROM jsonb_array_elements_text(p->'wallet_codes') AS w(code)
    JOIN ledger_account a ON a.code = replace(w.code, '{currency}', v_table->>'currency');

  IF p->>'kind' = 'buy-in' THEN
    -- seat-guard.ts's flags (one statement there too).
    SELECT jsonb_build_object(
             'suspended', EXISTS (SELECT 1 FROM player_game_suspension WHERE player_id = v_player AND lifted_at IS NULL),
             'alias', EXISTS (SELECT 1 FROM poker_alias WHERE player_id = v_player),
             'private', EXISTS (SELECT 1 FROM poker_private_table_order WHERE table_id = v_table_id),
             'separated', EXISTS (SELECT 1 FROM poker_seat_separation
                                  WHERE removed_at IS NULL AND (player_low_id = v_player OR player_high_id = v_player)))
      INTO v_guard;
    SELECT coalesce(jsonb_agg(jsonb_build_object('seat', s.seat, 'player_id', s.player_id)), '[]'::jsonb) INTO v_taken
      FROM poker_seat s WHERE s.table_id = v_table_id AND (s.seat = (p->>'seat')::int OR s.player_id = v_player);
    -- startPlaySession's endIdleSession, then its open session (none: the commit starts one).
    UPDATE play_session SET ended_at = last_activity_at, end_reason = 'idle'
      WHERE player_id = v_player AND ended_at IS NULL AND last_activity_at <= (p->>'idle_since')::timestamptz;
    SELECT id INTO v_session FROM play_session WHERE player_id = v_player AND ended_at IS NULL LIMIT 1;
  ELSE
    SELECT s.id, s.stack_minor, s.play_session_id, s.wallet_account_id, s.rate_to_czk::text AS rate_to_czk, s.top_ups,
           s.funding_currency
      INTO v_seat
      FROM poker_seat s WHERE s.table_id = v_table_id AND s.seat = (p->>'seat')::int AND s.player_id = v_player
      FOR UPDATE;
    IF FOUND THEN
      v_seat_doc := jsonb_build_object('id', v_seat.id, 'stack_minor', v_seat.stack_minor::text, 'play_session_id', v_seat.play_session_id,
                                       'rate_to_czk', v_seat.rate_to_czk, 'top_ups', v_seat.top_ups,
                                       'funding_currency', v_seat.funding_currency);
      v_session := v_seat.play_session_id;
      IF p->>'top_up_ref' IS NOT NULL THEN
        SELECT id INTO v_earlier FROM ledger_transaction
          WHERE idempotency_key = 'poker:seating:' || v_seat.id || ':top-up:' || (p->>'top_up_ref');
      END IF;
    END IF;
  END IF;

  IF (p->>'kind' = 'buy-in' OR (v_seat_doc IS NOT NULL AND v_earlier IS NULL)) THEN
    v_state := limits_stake_read(v_player, p->>'lock_key', v_at, v_session, (p->>'day')::date, (p->>'week')::date, (p->>'month')::date);
  END IF;

  RETURN jsonb_build_object('table', v_table, 'guard', v_guard, 'taken', v_taken, 'session_id', v_session, 'seat', v_seat_doc,
                            'earlier_transaction_id', v_earlier, 'wallets', v_wallets, 'stake_state', v_state);
END;
$$;

-- p: { kind, table_id, escrow_account_id, player_id, at,
--      new_session (uuid or null: a buy-in with no open play session starts this one),
--      seat_row (buy-in: { id, seat, alias, amount_minor, play_session_id, wallet_account_id, rate_to_czk }),
--      seat_id (top-up), amount_minor,
--      count: limits_stake_count's arguments (stakeCountArguments' order; the usage deltas as a JSON array),
--      post: { id, key, hash, metadata, postings }, outbox: { id, topic, payload } }.
-- Returns { transaction_id, stack_minor }.
CREATE OR REPLACE FUNCTION poker_take_commit(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_table uuid := (p->>'table_id')::uuid;
  v_player uuid := (p->>'player_id')::uuid;
  v_at timestamptz := (p->>'at')::timestamptz;
  c jsonb := p->'count';
  s jsonb := p->'seat_row';
  v_posted record;
  v_stack bigint;
BEGIN
  IF p->>'new_session' IS NOT NULL THEN
    INSERT INTO play_session (id, player_id, started_at, last_activity_at) VALUES ((p->>'new_session')::uuid, v_player, v_at, v_at);
  END IF;
  IF p->>'kind' = 'buy-in' THEN
    -- The seat row before the ledger (lock order: the player's rows, then the ledger accounts).
    INSERT INTO poker_seat (id, table_id, seat, player_id, alias, stack_minor, status, play_session_id, wallet_account_id,
                            rate_to_czk, funding_currency, funding_rate, bought_in_minor, seated_at)
      VALUES ((s->>'id')::uuid, v_table, (s->>'seat')::int, v_player, s->>'alias', (p->>'amount_minor')::bigint, 'joining',
              (s->>'play_session_id')::uuid, (s->>'wallet_account_id')::uuid, (s->>'rate_to_czk')::numeric, NULL, NULL,
              (p->>'amount_minor')::bigint, v_at);
  END IF;

  PERFORM limits_stake_count((c->>0)::uuid, c->>1, (c->>2)::"GameCategory", (c->>3)::bigint, c->>4, (c->>5)::numeric,
                             (c->>6)::bigint, (c->>7)::uuid, (c->>8)::timestamptz, c->9, (c->>10)::bigint, (c->>6)::bigint);

  SELECT * INTO v_posted FROM ledger_post((p->'post'->>'id')::uuid, p->'post'->>'key', p->'post'->>'hash', 'BUY_IN',
                                          p->'post'->'metadata', v_at, NULL, p->'post'->'postings');
  IF v_posted.replayed THEN
    RAISE EXCEPTION 'poker chips % were posted before', p->'post'->>'key';
  END IF;

  INSERT INTO outbox_message (id, topic, version, payload)
    VALUES ((p->'outbox'->>'id')::uuid, p->'outbox'->>'topic', 1, p->'outbox'->'payload');

  IF p->>'kind' = 'top-up' THEN
    UPDATE poker_seat SET stack_minor = stack_minor + (p->>'amount_minor')::bigint,
                          bought_in_minor = bought_in_minor + (p->>'amount_minor')::bigint, top_ups = top_ups + 1
      WHERE id = (p->>'seat_id')::uuid RETURNING stack_minor INTO v_stack;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'poker seat % does not exist', p->>'seat_id';
    END IF;
  ELSE
    v_stack := (p->>'amount_minor')::bigint;
  END IF;

  PERFORM poker_assert_escrow(v_table, (p->>'escrow_account_id')::uuid);
  RETURN jsonb_build_object('transaction_id', v_posted.transaction_id, 'stack_minor', v_stack::text);
END;
$$;

-- Issue 22: the player API's deposit request (packages/cashier/src/create-deposit-one-call.ts): BEGIN with
-- cashier_deposit_intent_begin, the INSERT of the intent with COMMIT, then one UPDATE once the provider
-- took the payment (cashier_deposit_sent). The first takes THE player lock (lockPlayer's key), then reads
-- the Idempotency-Key's earlier intent (if any: nothing else), the player's account, the payment method,
-- the temporary account with its deposits still on their way, the self-limits' rows (limits_stake_read:
-- checkDeposit's reads), the cap override and the usage against the method's caps with the intents on
-- their way counted (cashier_deposit_usage, mode 'intent'). TypeScript decides with createIntent's rules.
-- p: { player_id, lock_key, idempotency_key, payment_method_id, at, day, week, month, since30d, since7d, since24h }.
CREATE OR REPLACE FUNCTION cashier_deposit_intent_begin(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_player uuid := (p->>'player_id')::uuid;
  v_existing jsonb;
  v_method record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p->>'lock_key', 0));
  SELECT cashier_deposit_doc(d) INTO v_existing
    FROM cashier_deposit d WHERE d.player_id = v_player AND d.idempotency_key = p->>'idempotency_key';
  IF v_existing IS NOT NULL THEN
    RETURN jsonb_build_object('existing', v_existing);
  END IF;
  SELECT m.id, m.kind::text AS kind, m.instrument, m.status::text AS status, m.active, m.provider_token, m.display INTO v_method
    FROM payment_method m WHERE m.id = (p->>'payment_method_id')::uuid AND m.player_id = v_player;
  RETURN jsonb_build_object(
    'existing', NULL,
    'player', (SELECT jsonb_build_object('state', pl.state::text, 'register_status', pl.register_status::text)
               FROM player pl WHERE pl.id = v_player),
    'method', CASE WHEN v_method.id IS NULL THEN NULL ELSE
                jsonb_build_object('id', v_method.id, 'kind', v_method.kind, 'instrument', v_method.instrument, 'status', v_method.status,
                                   'active', v_method.active, 'provider_token', v_method.provider_token, 'display', v_method.display) END,
    'temporary', (SELECT jsonb_build_object('status', t.status::text, 'deposited_minor', t.deposited_minor::text,
                                            'deposit_cap_minor', t.deposit_cap_minor::text,
                                            'pending_minor', (SELECT coalesce(sum(d.amount_minor), 0)::text FROM cashier_deposit d
                                                              WHERE d.player_id = v_player AND d.temporary_account
                                                                AND d.status IN ('CREATED', 'PENDING')))
                  FROM temporary_account t WHERE t.player_id = v_player),
    'limits', limits_stake_read(v_player, p->>'lock_key', (p->>'at')::timestamptz, NULL,
                                (p->>'day')::date, (p->>'week')::date, (p->>'month')::date),
    'cap_override', (SELECT jsonb_build_object('per_transaction_minor_min', o.per_transaction_minor_min::text,
                                               'per_transaction_minor_max', o.per_transaction_minor_max::text,
                                               'rolling_24h_minor_max', o.rolling_24h_minor_max::text,
                                               'rolling_7d_minor_max', o.rolling_7d_minor_max::text,
                                               'rolling_30d_minor_max', o.rolling_30d_minor_max::text,
                                               'attempts_24h_max', o.attempts_24h_max, 'count_24h_max', o.count_24h_max)
                     FROM cashier_cap_override o
                     WHERE o.player_id = v_player AND o.instrument = v_method.instrument AND o.direction = 'DEPOSIT'),
    'usage', CASE WHEN v_method.id IS NULL THEN NULL ELSE
               cashier_deposit_usage(v_player, v_method.instrument, '00000000-0000-0000-0000-000000000000'::uuid, true,
                                     (p->>'since30d')::timestamptz, (p->>'since7d')::timestamptz, (p->>'since24h')::timestamptz) END);
END;
$$;

-- A deposit as the player API answers it (depositView's fields; the amount as text).
CREATE OR REPLACE FUNCTION cashier_deposit_doc(d cashier_deposit) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', d.id, 'player_id', d.player_id, 'payment_method_id', d.payment_method_id, 'instrument', d.instrument,
                            'channel', d.channel, 'amount_minor', d.amount_minor::text, 'currency', d.currency, 'status', d.status::text,
                            'redirect_url', d.redirect_url, 'refusal_code', d.refusal_code, 'refusal_detail', d.refusal_detail,
                            'created_at', d.created_at, 'credited_at', d.credited_at, 'request_hash', d.request_hash)
$$;

-- The provider took the payment: the intent is PENDING with the provider's id and the payer's redirect, as
-- sendToProvider's two updates wrote it (an intent no longer CREATED keeps its state; the provider's id is
-- filled in where it was missing). Returns the deposit as cashier_deposit_doc.
CREATE OR REPLACE FUNCTION cashier_deposit_sent(p_deposit uuid, p_payment_id text, p_redirect_url text, p_at timestamptz) RETURNS jsonb
LANGUAGE sql VOLATILE AS $$
  UPDATE cashier_deposit d SET
    status = CASE WHEN d.status = 'CREATED' THEN 'PENDING'::"DepositStatus" ELSE d.status END,
    provider_payment_id = CASE WHEN d.status = 'CREATED' THEN p_payment_id ELSE coalesce(d.provider_payment_id, p_payment_id) END,
    redirect_url = CASE WHEN d.status = 'CREATED' THEN p_redirect_url ELSE d.redirect_url END,
    updated_at = CASE WHEN d.status = 'CREATED' THEN p_at ELSE d.updated_at END
  WHERE d.id = p_deposit
  RETURNING cashier_deposit_doc(d)
$$;

-- Issue 22: the player API's withdrawal request (packages/cashier/src/request-withdrawal-one-call.ts): BEGIN with
-- cashier_withdrawal_begin, then cashier_withdrawal_commit with COMMIT. The first takes THE player lock, reads
-- the Idempotency-Key's earlier request (if any: nothing else), then every fact the preconditions of 004:WDR-02
-- decide on (the account, the methods not removed, the debt's balance, an active payout hold, the cap override
-- and the usage against the caps), the wallet's and the pending-withdrawals account's ids, and the misuse rule's
-- intervals (cashier_misuse_intervals, the rule's own reads).
-- p: { player_id, lock_key, idempotency_key, at, amount_minor, since30d, since7d, since24h, misuse_since, misuse_max,
--      wallet_code, debt_code, hold_code }.
CREATE OR REPLACE FUNCTION cashier_withdrawal_doc(w cashier_withdrawal) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('id', w.id, 'player_id', w.player_id, 'payment_method_id', w.payment_method_id, 'amount_minor', w.amount_minor::text,
                            'currency', w.currency, 'status', w.status::text, 'channel', w.channel, 'review_reasons', to_jsonb(w.review_reasons),
                            'due_at', w.due_at, 'overdue_flagged_at', w.overdue_flagged_at, 'failure_reason', w.failure_reason,
                            'created_at', w.created_at, 'paid_at', w.paid_at, 'discrepancy_flagged_at', w.discrepancy_flagged_at,
                            'discrepancy_reason', w.discrepancy_reason, 'request_hash', w.request_hash)
$$;

CREATE OR REPLACE FUNCTION cashier_withdrawal_begin(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_player uuid := (p->>'player_id')::uuid;
  v_at timestamptz := (p->>'at')::timestamptz;
  v_existing jsonb;
  v_active record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p->>'lock_key', 0));
  SELECT cashier_withdrawal_doc(w) INTO v_existing
    FROM cashier_withdrawal w WHERE w.player_id = v_player AND w.idempotency_key = p->>'idempotency_key';
  IF v_existing IS NOT NULL THEN
    RETURN jsonb_build_object('existing', v_existing);
  END IF;
  SELECT m.id, m.instrument INTO v_active FROM payment_method m
    WHERE m.player_id = v_player AND m.status <> 'REMOVED' AND m.active LIMIT 1;
  RETURN jsonb_build_object(
    'existing', NULL,
    'player', (SELECT jsonb_build_object('state', pl.state::text, 'register_status', pl.register_status::text)
               FROM player pl WHERE pl.id = v_player),
    'methods', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'instrument', m.instrument, 'status', m.status::text,
                                                             'active', m.active) ORDER BY m.id), '[]'::jsonb)
                FROM payment_method m WHERE m.player_id = v_player AND m.status <> 'REMOVED'),
    'debt_minor', (SELECT coalesce(sum(s.balance_minor), 0)::text FROM ledger_account a JOIN ledger_account_shard s ON s.account_id = a.id
                   WHERE a.code = p->>'debt_code'),
    'payout_hold', EXISTS (SELECT 1 FROM payout_hold h WHERE h.player_id = v_player AND h.released_at IS NULL AND h.expires_at > v_at),
    'cap_override', (SELECT jsonb_build_object('per_transaction_minor_min', o.per_transaction_minor_min::text,
                                               'per_transaction_minor_max', o.per_transaction_minor_max::text,
                                               'rolling_24h_minor_max', o.rolling_24h_minor_max::text,
                                               'rolling_7d_minor_max', o.rolling_7d_minor_max::text,
                                               'rolling_30d_minor_max', o.rolling_30d_minor_max::text,
                                               'attempts_24h_max', o.attempts_24h_max, 'count_24h_max', o.count_24h_max)
                     FROM cashier_cap_override o
                     WHERE o.player_id = v_player AND o.instrument = v_active.instrument AND o.direction = 'WITHDRAWAL'),
    -- withdrawalUsage (cap-usage.ts), for the active method's instrument.
    'usage', (SELECT jsonb_build_object(
                'd30', COALESCE(sum(w.amount_minor) FILTER (WHERE w.created_at > (p->>'since30d')::timestamptz), 0)::text,
                'd7', COALESCE(sum(w.amount_minor) FILTER (WHERE w.created_at > (p->>'since7d')::timestamptz), 0)::text,
                'd24', COALESCE(sum(w.amount_minor) FILTER (WHERE w.created_at > (p->>'since24h')::timestamptz), 0)::text,
                'n24', count(*) FILTER (WHERE w.created_at > (p->>'since24h')::timestamptz))
              FROM cashier_withdrawal w
              WHERE w.player_id = v_player AND w.instrument = v_active.instrument
                AND w.status NOT IN ('REJECTED', 'CANCELLED', 'FAILED') AND w.created_at > (p->>'since30d')::timestamptz),
    -- detectMisuse's reads, the withdrawal asked for included.
    'misuse', cashier_misuse_intervals(v_player, (p->>'misuse_since')::timestamptz, v_at, (p->>'amount_minor')::bigint,
                                       (p->>'misuse_max')::int),
    'wallet_id', (SELECT a.id FROM ledger_account a WHERE a.code = p->>'wallet_code'),
    'hold_account_id', (SELECT a.id FROM ledger_account a WHERE a.code = p->>'hold_code'));
END;
$$;

-- The hold (ledger.reserve: ledger_post wallet -> pending withdrawals, then its ledger_hold row), the request's
-- row, the payout job's outbox row when approved, the monitoring event's outbox row. Returns the request as
-- cashier_withdrawal_doc.
-- p: { post: { id, key, hash, metadata, postings }, at, hold: { id, source, account, currency, amount_minor, metadata },
--      withdrawal: { id, player_id, payment_method_id, instrument, amount_minor, currency, status, channel, requested_by,
--                    idempotency_key, request_hash, review_reasons, due_at }, payout_outbox (or null), monitoring_outbox (or null) }.
CREATE OR REPLACE FUNCTION cashier_withdrawal_commit(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_at timestamptz := (p->>'at')::timestamptz;
  v_posted record;
  h jsonb := p->'hold';
  w jsonb := p->'withdrawal';
  v_doc jsonb;
BEGIN
  SELECT * INTO v_posted FROM ledger_post((p->'post'->>'id')::uuid, p->'post'->>'key', p->'post'->>'hash', 'WITHDRAWAL_HOLD',
                                          p->'post'->'metadata', v_at, NULL, p->'post'->'postings');
  IF v_posted.replayed THEN
    RAISE EXCEPTION 'withdrawal hold % was posted before', p->'post'->>'key';
  END IF;
  INSERT INTO ledger_hold (id, source_account_id, hold_account_id, currency, amount_minor, reserve_transaction_id, metadata)
    VALUES ((h->>'id')::uuid, (h->>'source')::uuid, (h->>'account')::uuid, h->>'currency', (h->>'amount_minor')::bigint,
            v_posted.transaction_id, h->'metadata');
  INSERT INTO cashier_withdrawal AS x (id, player_id, payment_method_id, instrument, amount_minor, currency, status, channel, requested_by,
                                       idempotency_key, request_hash, hold_id, review_reasons, due_at, created_at, updated_at)
    VALUES ((w->>'id')::uuid, (w->>'player_id')::uuid, (w->>'payment_method_id')::uuid, w->>'instrument', (w->>'amount_minor')::bigint,
            w->>'currency', (w->>'status')::"WithdrawalStatus", w->>'channel', w->>'requested_by', w->>'idempotency_key', w->>'request_hash',
            (h->>'id')::uuid, ARRAY(SELECT jsonb_array_elements_text(w->'review_reasons')), (w->>'due_at')::timestamptz, v_at, v_at)
    RETURNING cashier_withdrawal_doc(x) INTO v_doc;
  IF jsonb_typeof(p->'payout_outbox') = 'object' THEN
    INSERT INTO outbox_message (id, topic, version, payload)
      VALUES ((p->'payout_outbox'->>'id')::uuid, p->'payout_outbox'->>'topic', 1, p->'payout_outbox'->'payload');
  END IF;
  IF jsonb_typeof(p->'monitoring_outbox') = 'object' THEN
    INSERT INTO outbox_message (id, topic, version, payload)
      VALUES ((p->'monitoring_outbox'->>'id')::uuid, p->'monitoring_outbox'->>'topic', 1, p->'monitoring_outbox'->'payload');
  END IF;
  RETURN v_doc;
END;
$$;

-- The reads of the misuse rule (detect-misuse.ts, 004:ACC-07) in one statement, for both the ORM path and the
-- withdrawal's one-call path: the withdrawals in the window (the newest p_max, oldest first; at the limit the
-- oldest read only marks where the first interval starts), then the withdrawal being asked for (p_pending_minor,
-- at p_now, when not NULL); for each, the deposits credited in its interval (from the previous point, or the
-- window's start) and, when they are not zero, what the player staked in it (STAKE and BUY_IN debited from the
-- cash and temporary wallets, as ledger.playerMovementTotals sums them). The rule itself decides in TypeScript.
CREATE OR REPLACE FUNCTION cashier_misuse_intervals(
  p_player uuid,
  p_since timestamptz,
  p_now timestamptz,
  p_pending_minor bigint,
  p_max int
) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_from timestamptz := p_since;
  v_points jsonb := '[]'::jsonb;
  v_count int;
  v_point record;
  v_deposited bigint;
  v_ids jsonb;
  v_staked bigint;
  v_result jsonb := '[]'::jsonb;
BEGIN
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'amount_minor', w.amount_minor::text, 'at', w.created_at) ORDER BY w.created_at), '[]'::jsonb),
         count(*)
    INTO v_points, v_count
    FROM (SELECT id, amount_minor, created_at FROM cashier_withdrawal
          WHERE player_id = p_player AND created_at >= p_since AND status NOT IN ('REJECTED', 'CANCELLED', 'FAILED')
            AND channel <> 'TEMPORARY_REFUND'
          ORDER BY created_at DESC LIMIT p_max) AS w;
  IF v_count = p_max THEN
    v_from := (v_points->0->>'at')::timestamptz;
    v_points := v_points - 0;
  END IF;
  IF p_pending_minor IS NOT NULL THEN
    v_points := v_points || jsonb_build_array(jsonb_build_object('id', NULL, 'amount_minor', p_pending_minor::text, 'at', p_now));
  END IF;
  FOR v_point IN SELECT x->>'id' AS id, x->>'amount_minor' AS amount_minor, (x->>'at')::timestamptz AS at
                 FROM jsonb_array_elements(v_points) WITH ORDINALITY AS e(x, n) ORDER BY n LOOP
    SELECT coalesce(sum(d.amount_minor), 0), coalesce(jsonb_agg(d.id), '[]'::jsonb) INTO v_deposited, v_ids
      FROM cashier_deposit d
      WHERE d.player_id = p_player AND d.credited_at > v_from AND d.credited_at <= v_point.at AND d.status IN ('AUTHORIZED', 'SETTLED');
    v_staked := 0;
    IF v_deposited > 0 THEN
      SELECT coalesce(sum(p.amount_minor), 0) INTO v_staked
        FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id JOIN ledger_account a ON a.id = p.account_id
        WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p_player::text AND a.purpose IN ('cash', 'temporary')
          AND t.kind IN ('STAKE', 'BUY_IN') AND p.amount_minor > 0
          AND p.effective_at > v_from AND p.effective_at <= v_point.at;
    END IF;
    v_result := v_result || jsonb_build_array(jsonb_build_object(
      'withdrawal_id', v_point.id, 'withdrawal_minor', v_point.amount_minor, 'deposit_ids', v_ids,
      'deposited_minor', v_deposited::text, 'staked_minor', v_staked::text));
    v_from := v_point.at;
  END LOOP;
  RETURN v_result;
END;
$$;
