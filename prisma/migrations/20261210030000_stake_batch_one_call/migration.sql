-- Issue 22 (hot paths, D-1855): the bet confirmations that queued for one round while the one before them
-- ran are confirmed together, in one transaction of two statements (packages/tables, confirm-stake.ts):
--
--   table_stake_begin_batch   the round's row lock and row, the table's betting switch, the players' locks
--                             (in id order, as table_round_begin takes them), then per action its earlier
--                             answer, the player's seat and the self-limits' rows (limits_stake_read),
--                             exactly what table_stake_begin reads for one;
--   (TypeScript: the engine applies the actions one after another, the self-limits rules decide each)
--   table_stake_commit_batch  per confirmed stake what table_stake_commit writes for one (the usage entry
--                             and counters, ledger_post, the outbox row, the round's records, the stored
--                             answer), then the round's state once, its version moved by one per stake.
--
-- The guarantees are table_stake_begin's and table_stake_commit's: every read after the round's lock and
-- each player's lock; exactly once per action id (the round lock, then game_action's primary key); one
-- posting per stake; the version check. A batch holds one action per player, so each player's limits are
-- decided on a read no other stake of the batch has changed.

CREATE OR REPLACE FUNCTION table_stake_begin_batch(
  p_round uuid,
  p_actions jsonb, -- [{ "player": uuid, "action_id": text, "lock_key": text }], one per player
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_round record;
  v_live boolean;
  v_stakes_possible boolean;
  v_table_open boolean;
  v_action record;
  v_answered jsonb;
  v_seat jsonb;
  v_state jsonb;
  v_entries jsonb := '[]'::jsonb;
BEGIN
  SELECT id, table_id, kind::text AS kind, status::text AS status, state, version, seed, seed_commitment, deadline_at,
         origin_round_id, temporary_player_id, temporary_seat
    INTO v_round
    FROM game_round WHERE id = p_round FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('round', NULL);
  END IF;
  v_live := v_round.kind = 'LIVE';
  IF v_live THEN
    SELECT t.is_open INTO v_table_open FROM game_table t WHERE t.id = v_round.table_id;
  END IF;
  -- A round over or out of time confirms nothing: each action then takes the one-action path, which answers it.
  v_stakes_possible := v_round.status = 'OPEN' AND (v_round.deadline_at IS NULL OR v_round.deadline_at > p_at);
  -- The players' locks, all in id order before any of their rows (docs/concurrency.md, "The order"); re-entrant,
  -- so limits_stake_read's own lock below takes nothing new.
  IF v_stakes_possible THEN
    PERFORM pg_advisory_xact_lock(hashtextextended(a.lock_key, 0))
      FROM (SELECT x.player, x.lock_key FROM jsonb_to_recordset(p_actions) AS x(player uuid, lock_key text) ORDER BY x.player) AS a;
  END IF;

  FOR v_action IN
    SELECT a.player, a.action_id, a.lock_key
    FROM jsonb_to_recordset(p_actions) AS a(player uuid, action_id text, lock_key text)
    ORDER BY a.player
  LOOP
    v_answered := NULL;
    v_seat := NULL;
    v_state := NULL;
    SELECT jsonb_build_object('request_hash', a.request_hash, 'response', a.response) INTO v_answered
      FROM game_action a WHERE a.player_id = v_action.player AND a.action_id = v_action.action_id;
    IF v_live THEN
      SELECT jsonb_build_object('seat_no', ts.seat_no, 'status', ts.status::text, 'play_session_id', ts.play_session_id) INTO v_seat
        FROM table_seat ts WHERE ts.table_id = v_round.table_id AND ts.player_id = v_action.player;
    ELSE
      SELECT jsonb_build_object('seat_no', NULL, 'status', NULL, 'play_session_id', p.play_session_id) INTO v_seat
        FROM game_round_player p WHERE p.round_id = p_round AND p.player_id = v_action.player;
    END IF;
    IF v_answered IS NULL AND v_stakes_possible AND v_seat IS NOT NULL THEN
      v_state := limits_stake_read(v_action.player, v_action.lock_key, p_at, (v_seat->>'play_session_id')::uuid,
                                   p_day, p_week, p_month);
    END IF;
    v_entries := v_entries || jsonb_build_array(jsonb_build_object(
      'player', v_action.player, 'action_id', v_action.action_id, 'answered', v_answered, 'seat', v_seat, 'stake_state', v_state));
  END LOOP;

  RETURN jsonb_build_object(
    'round', jsonb_build_object('id', v_round.id, 'table_id', v_round.table_id, 'kind', v_round.kind, 'status', v_round.status,
                                'state', v_round.state, 'version', v_round.version, 'seed', v_round.seed,
                                'seed_commitment', v_round.seed_commitment, 'deadline_at', v_round.deadline_at,
                                'origin_round_id', v_round.origin_round_id, 'temporary_player_id', v_round.temporary_player_id,
                                'temporary_seat', v_round.temporary_seat),
    'table_open', v_table_open,
    'entries', v_entries);
END;
$$;

-- p_stakes: the confirmed stakes in the order the engine applied them, each with what table_stake_commit
-- takes for one. Returns the postings' transaction ids in the same order.
CREATE OR REPLACE FUNCTION table_stake_commit_batch(
  p_round uuid,
  p_state text,
  p_phase text,
  p_version_from integer,
  p_version_to integer,
  p_deadline_at timestamptz,
  p_stakes jsonb
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  v_posted record;
  v_ids jsonb := '[]'::jsonb;
BEGIN
  FOR s IN
    SELECT * FROM jsonb_to_recordset(p_stakes) AS x(
      player uuid, reference text, category text, amount_minor bigint, currency text, rate_to_czk numeric,
      counted_minor bigint, play_session uuid, at timestamptz, usage jsonb, session_played_ms bigint,
      transaction_id uuid, request_hash text, metadata jsonb, postings jsonb,
      outbox_id uuid, outbox_topic text, outbox_payload jsonb,
      table_id uuid, seat integer, stake_minor bigint, event_index integer,
      action_id text, action_hash text, response jsonb)
  LOOP
    PERFORM limits_stake_count(s.player, s.reference, s.category::"GameCategory", s.amount_minor, s.currency, s.rate_to_czk,
                               s.counted_minor, s.play_session, s.at, s.usage, s.session_played_ms, s.counted_minor);

    SELECT * INTO v_posted FROM ledger_post(s.transaction_id, s.reference, s.request_hash, 'STAKE', s.metadata, s.at, NULL, s.postings);
    IF v_posted.replayed THEN
      RAISE EXCEPTION 'stake % was posted before', s.reference;
    END IF;

    INSERT INTO outbox_message (id, topic, version, payload) VALUES (s.outbox_id, s.outbox_topic, 1, s.outbox_payload);

    INSERT INTO game_round_posting (round_id, player_id, seat, kind, amount_minor, ledger_transaction_id, event_index, at)
      VALUES (p_round, s.player, s.seat, 'STAKE', s.stake_minor, v_posted.transaction_id, s.event_index, s.at);
    INSERT INTO game_round_player (round_id, player_id, table_id, seat, play_session_id, staked_minor, joined_at)
      VALUES (p_round, s.player, s.table_id, s.seat, s.play_session, s.stake_minor, s.at)
      ON CONFLICT (round_id, player_id) DO UPDATE SET staked_minor = game_round_player.staked_minor + EXCLUDED.staked_minor;

    INSERT INTO game_action (player_id, action_id, round_id, request_hash, response, created_at)
      VALUES (s.player, s.action_id, p_round, s.action_hash, s.response, s.at);
    v_ids := v_ids || to_jsonb(v_posted.transaction_id);
  END LOOP;

  UPDATE game_round SET state = p_state, phase = p_phase, version = p_version_to, deadline_at = p_deadline_at
    WHERE id = p_round AND version = p_version_from;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'round % is not at version %', p_round, p_version_from;
  END IF;
  RETURN v_ids;
END;
$$;
