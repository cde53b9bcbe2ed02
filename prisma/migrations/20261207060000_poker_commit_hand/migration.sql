-- Issue 16 (D-1793): a poker hand's commit in two statements between BEGIN and COMMIT, sent on the
-- pool's own connection (packages/tables, store-hands.ts), no ORM:
--
--   (1) BEGIN; the fenced read of the table row (locked FOR NO KEY UPDATE, level 1 of
--       docs/concurrency.md) with the seats' sitting-down times;
--   (TypeScript: the running hand checked, the hand's text, the monitoring events, the rake posting's
--    arguments)
--   (2) poker_commit_hand; COMMIT: the hand and its players, the seats' stacks and statuses, the
--       table's counters and positions, the monitoring events' outbox rows, the rake (ledger_post,
--       ledger last: lock level 4), then the escrow invariant on the escrow's locked balance.
--
-- Every check the ORM transaction made in TypeScript after a write is made here and raises, so a
-- failed check never reaches the COMMIT that rides in the same round trip.

-- The hand's record and its players (each player's residence country for the reports), shared by a
-- table's and a speed pool's commit; raises when a player of the hand has no player row.
CREATE OR REPLACE FUNCTION poker_record_hand(p jsonb, p_started_at timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_hand uuid := (p->>'hand_id')::uuid;
  v_players int;
BEGIN
  INSERT INTO poker_hand (id, table_id, hand_number, status, currency, started_at, ended_at, history, text, pot_minor,
                          rake_minor, flop_dealt)
  VALUES (v_hand, (p->>'table_id')::uuid, (p->>'hand_number')::int, 'COMPLETED', p->>'currency', p_started_at,
          (p->>'now')::timestamptz, p->'history', p->>'text', (p->>'pot_minor')::bigint, (p->>'rake_minor')::bigint,
          (p->>'flop_dealt')::boolean);

  INSERT INTO poker_hand_player (hand_id, player_id, table_id, seat, put_in_minor, won_minor, rake_minor, residence_country, ended_at)
  SELECT v_hand, r.player_id, (p->>'table_id')::uuid, r.seat, r.put_in, r.won, r.rake,
         coalesce(upper(pl.residence_address ->> 'country'), '??'), (p->>'now')::timestamptz
  FROM jsonb_to_recordset(p->'players') AS r(player_id uuid, seat int, put_in bigint, won bigint, rake bigint)
  JOIN player pl ON pl.id = r.player_id;
  GET DIAGNOSTICS v_players = ROW_COUNT;
  IF v_players <> jsonb_array_length(p->'players') THEN
    RAISE EXCEPTION 'poker hand %: % players, % recorded', v_hand, jsonb_array_length(p->'players'), v_players;
  END IF;
END;
$$;

-- What follows the stacks in both commits: the monitoring events' outbox rows, the rake through the
-- ledger's own ledger_post (the ledger last, lock level 4), then the escrow invariant (store-escrow.ts):
-- the escrow's balance, its shards locked, equals every stored stack of the table (or pool). Raises
-- HINT 'escrow-invariant' with DETAIL '<escrow> <stacks>', which the TypeScript maps back to
-- EscrowInvariantViolation. Answers the rake's transaction id and whether ledger_post replayed it.
CREATE OR REPLACE FUNCTION poker_settle_hand(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_table uuid := (p->>'table_id')::uuid;
  v_stacks bigint;
  v_escrow bigint;
  v_shards_locked int;
  v_shards int;
  v_rake_tx uuid := NULL;
  v_rake_replayed boolean;
BEGIN
  INSERT INTO outbox_message (id, topic, version, payload)
  SELECT o.id, o.topic, 1, o.payload FROM jsonb_to_recordset(p->'outbox') AS o(id uuid, topic text, payload jsonb);

  IF jsonb_typeof(p->'rake') = 'object' THEN
    SELECT l.transaction_id, l.replayed INTO v_rake_tx, v_rake_replayed
    FROM ledger_post((p->'rake'->>'id')::uuid, p->'rake'->>'key', p->'rake'->>'hash', 'RAKE', p->'rake'->'metadata',
                     (p->'rake'->>'at')::timestamptz, NULL, p->'rake'->'postings') AS l;
  END IF;

  SELECT coalesce(sum(x.balance_minor), 0), count(*), max(x.shard_count) INTO v_escrow, v_shards_locked, v_shards
  FROM (SELECT sh.balance_minor, a.shard_count FROM ledger_account_shard sh JOIN ledger_account a ON a.id = sh.account_id
        WHERE sh.account_id = (p->>'escrow_account_id')::uuid ORDER BY sh.shard_no FOR UPDATE OF sh) x;
  IF v_shards_locked = 0 OR v_shards_locked <> v_shards THEN
    RAISE EXCEPTION 'account % has % shards, % were locked', p->>'escrow_account_id', v_shards, v_shards_locked;
  END IF;
  SELECT coalesce(sum(stack_minor), 0) INTO v_stacks FROM poker_seat WHERE table_id = v_table;
  IF v_escrow <> v_stacks THEN
    RAISE EXCEPTION 'Poker table %: the escrow holds % but the seats'' stacks add up to %.', v_table, v_escrow, v_stacks
      USING HINT = 'escrow-invariant', DETAIL = v_escrow || ' ' || v_stacks;
  END IF;

  RETURN jsonb_build_object('rake_transaction_id', v_rake_tx, 'rake_replayed', v_rake_replayed);
END;
$$;

CREATE OR REPLACE FUNCTION poker_commit_hand(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_table uuid := (p->>'table_id')::uuid;
  v_hand uuid := (p->>'hand_id')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_players_seated int;
  v_seats jsonb;
  v_short record;
  v_player_seats int[] := ARRAY(SELECT (x->>'seat')::int FROM jsonb_array_elements(p->'players') x);
BEGIN
  PERFORM poker_record_hand(p, (p->>'started_at')::timestamptz);

  WITH seats AS (
    UPDATE poker_seat s SET stack_minor = s.stack_minor - v.put_in + v.won, status = coalesce(v.status, s.status)
    FROM jsonb_to_recordset(p->'seat_rows') AS v(seat int, player_id uuid, put_in bigint, won bigint, status text)
    WHERE s.table_id = v_table AND s.seat = v.seat AND (v.player_id IS NULL OR s.player_id = v.player_id)
    RETURNING s.seat, s.player_id, s.stack_minor
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('seat', seat, 'player_id', player_id, 'stack', stack_minor::text)), '[]'::jsonb),
         count(*) FILTER (WHERE seat = ANY (v_player_seats))
    INTO v_seats, v_players_seated
  FROM seats;
  IF v_players_seated <> jsonb_array_length(p->'players') THEN
    RAISE EXCEPTION 'poker hand %: a player of the hand has no seat at table %', v_hand, v_table;
  END IF;
  -- The table's stack leaves out chips bought while the hand ran; the stored one has them.
  SELECT a.seat, a.stack, s.stack_minor INTO v_short
  FROM jsonb_to_recordset(p->'stacks_after') AS a(seat int, stack bigint)
  JOIN poker_seat s ON s.table_id = v_table AND s.seat = a.seat
  WHERE s.stack_minor < a.stack LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'poker hand % seat %: the table has %, the store %', v_hand, v_short.seat, v_short.stack, v_short.stack_minor;
  END IF;

  UPDATE poker_table SET hand_number = (p->>'hand_number')::int,
         previous_positions = CASE WHEN jsonb_typeof(p->'positions') = 'object' THEN p->'positions' END,
         running_hand_id = (p->>'next_running_hand_id')::uuid,
         running_hand_started_at = CASE WHEN p->>'next_running_hand_id' IS NULL THEN NULL ELSE v_now END
  WHERE id = v_table;

  RETURN poker_settle_hand(p) || jsonb_build_object('seats', v_seats);
END;
$$;

-- A speed pool's hand (issue 18, D-1802, D-1803; store-speed-pool.ts) in one call that takes the pool's
-- row lock itself: every hand of a pool commits against the same table row and escrow, so the lock is
-- held for this statement only, not across round trips. The fence (this instance's lease at its epoch)
-- is checked under the lock and raises HINT 'lease-lost'; a hand stored before answers `replayed`.
CREATE OR REPLACE FUNCTION poker_commit_pool_hand(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_table uuid := (p->>'table_id')::uuid;
  v_hand uuid := (p->>'hand_id')::uuid;
  v_seats int;
BEGIN
  PERFORM 1 FROM poker_table
  WHERE id = v_table AND lease_epoch = (p->>'epoch')::bigint AND lease_owner = p->>'instance_id'
  FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'The lease of poker table % at epoch % is no longer held by %.', v_table, p->>'epoch', p->>'instance_id'
      USING HINT = 'lease-lost';
  END IF;
  IF EXISTS (SELECT 1 FROM poker_hand WHERE id = v_hand AND table_id = v_table) THEN
    RETURN jsonb_build_object('replayed', true);
  END IF;

  PERFORM poker_record_hand(p, (p->>'now')::timestamptz);

  UPDATE poker_seat s SET stack_minor = s.stack_minor - v.put_in + v.won
  FROM jsonb_to_recordset(p->'players') AS v(player_id uuid, put_in bigint, won bigint)
  WHERE s.table_id = v_table AND s.player_id = v.player_id;
  GET DIAGNOSTICS v_seats = ROW_COUNT;
  IF v_seats <> jsonb_array_length(p->'players') THEN
    RAISE EXCEPTION 'poker hand %: a player of the hand has no seat in pool %', v_hand, v_table;
  END IF;

  UPDATE poker_table SET hand_number = greatest(hand_number, (p->>'hand_number')::int) WHERE id = v_table;

  RETURN poker_settle_hand(p) || jsonb_build_object('replayed', false);
END;
$$;
