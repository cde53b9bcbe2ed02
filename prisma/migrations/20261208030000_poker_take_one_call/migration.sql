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
