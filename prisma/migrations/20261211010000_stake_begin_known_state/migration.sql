-- Issue 22 (hot paths, D-1857): a bet confirmation reads the round's state only when the game service does not
-- already hold it. A round's state grows with every bet (tens of kilobytes by the end of a busy betting window),
-- and every confirmation used to read it whole (detoasted, escaped into the begin document, parsed and decoded
-- in the service), although the process that confirmed the previous bet on the round had just written it.
--
-- table_stake_begin and table_stake_begin_batch take one more argument, p_known_version: the version of the
-- round whose decoded state the caller holds (packages/tables, round-state-cache.ts). When the locked row is at
-- that version the document's `state` is NULL and the caller uses its own copy; otherwise the state comes as
-- before. Every write of game_round.state moves the version by one (saveRound, saveRoundWithAction,
-- table_stake_commit, table_stake_commit_batch, table_round_commit), and the service remembers a state only
-- after the transaction that wrote it committed, so a version names one state.
--
-- The old signatures stay as thin wrappers (no state held), so an instance still running the previous release
-- keeps working while a rolling deployment replaces it.

CREATE FUNCTION table_stake_begin(
  p_round uuid,
  p_player uuid,
  p_action_id text,
  p_lock_key text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_known_version integer -- the version whose state the caller holds decoded; NULL: none
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_round record;
  v_live boolean;
  v_answered jsonb;
  v_table_open boolean;
  v_seat jsonb;
  v_state jsonb;
BEGIN
  SELECT id, table_id, kind::text AS kind, status::text AS status,
         CASE WHEN version IS NOT DISTINCT FROM p_known_version THEN NULL ELSE state END AS state, version, seed, seed_commitment, deadline_at,
         origin_round_id, temporary_player_id, temporary_seat
    INTO v_round
    FROM game_round WHERE id = p_round FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('round', NULL);
  END IF;
  v_live := v_round.kind = 'LIVE';

  SELECT jsonb_build_object('request_hash', a.request_hash, 'response', a.response) INTO v_answered
    FROM game_action a WHERE a.player_id = p_player AND a.action_id = p_action_id;
  IF v_live THEN
    SELECT t.is_open INTO v_table_open FROM game_table t WHERE t.id = v_round.table_id;
    SELECT jsonb_build_object('seat_no', ts.seat_no, 'status', ts.status::text, 'play_session_id', ts.play_session_id) INTO v_seat
      FROM table_seat ts WHERE ts.table_id = v_round.table_id AND ts.player_id = p_player;
  ELSE
    SELECT jsonb_build_object('seat_no', NULL, 'status', NULL, 'play_session_id', p.play_session_id) INTO v_seat
      FROM game_round_player p WHERE p.round_id = p_round AND p.player_id = p_player;
  END IF;

  IF v_answered IS NULL AND v_round.status = 'OPEN' AND v_seat IS NOT NULL THEN
    v_state := limits_stake_read(p_player, p_lock_key, p_at, (v_seat->>'play_session_id')::uuid, p_day, p_week, p_month);
  END IF;

  RETURN jsonb_build_object(
    'round', jsonb_build_object('id', v_round.id, 'table_id', v_round.table_id, 'kind', v_round.kind, 'status', v_round.status,
                                'state', v_round.state, 'version', v_round.version, 'seed', v_round.seed,
                                'seed_commitment', v_round.seed_commitment, 'deadline_at', v_round.deadline_at,
                                'origin_round_id', v_round.origin_round_id, 'temporary_player_id', v_round.temporary_player_id,
                                'temporary_seat', v_round.temporary_seat),
    'answered', v_answered,
    'table_open', v_table_open,
    'seat', v_seat,
    'stake_state', v_state);
END;
$$;

CREATE OR REPLACE FUNCTION table_stake_begin(
  p_round uuid, p_player uuid, p_action_id text, p_lock_key text, p_at timestamptz, p_day date, p_week date, p_month date
) RETURNS jsonb
LANGUAGE sql VOLATILE AS $$
  SELECT table_stake_begin(p_round, p_player, p_action_id, p_lock_key, p_at, p_day, p_week, p_month, NULL::integer)
$$;

CREATE FUNCTION table_stake_begin_batch(
  p_round uuid,
  p_actions jsonb, -- [{ "player": uuid, "action_id": text, "lock_key": text }], one per player
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_known_version integer -- the version whose state the caller holds decoded; NULL: none
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
  SELECT id, table_id, kind::text AS kind, status::text AS status,
         CASE WHEN version IS NOT DISTINCT FROM p_known_version THEN NULL ELSE state END AS state, version, seed, seed_commitment, deadline_at,
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

CREATE OR REPLACE FUNCTION table_stake_begin_batch(
  p_round uuid, p_actions jsonb, p_at timestamptz, p_day date, p_week date, p_month date
) RETURNS jsonb
LANGUAGE sql VOLATILE AS $$
  SELECT table_stake_begin_batch(p_round, p_actions, p_at, p_day, p_week, p_month, NULL::integer)
$$;
