-- Issue 22 (hot paths, second step): a bet confirmation in two statements between BEGIN and COMMIT,
-- sent on the pool's own connection as named prepared statements (packages/tables, confirm-stake.ts).
--
--   table_stake_begin   the round's row lock and row, the action id's earlier answer, the table's
--                       betting switch and the player's seat, then THE per-player lock and every row
--                       the self-limits check decides on (limits_stake_read);
--   (TypeScript: the engine applies the action, the self-limits rules decide, as before)
--   table_stake_commit  the usage entry counted once, the counters and the play session
--                       (limits_stake_count), ledger_post, the monitoring event's outbox row, the
--                       round's stake record and the player's place, the new round state and the
--                       action's stored answer.
--
-- Lock order as before (docs/concurrency.md): the round row, then the player lock. Each statement of a
-- VOLATILE PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so every read after a lock
-- sees what the lock's previous holder committed (the reason limits_stake_state is PL/pgSQL, D-2251).

-- The read half of limits_stake_state: the lock, the limits row created on first use, the measures'
-- changes, the play session and the current periods' usage; no usage entry (the stake's amount is not
-- known yet: the engine decides it after this read). Same document shape, `entry` always "inserted".
CREATE OR REPLACE FUNCTION limits_stake_read(
  p_player uuid,
  p_lock_key text,
  p_at timestamptz,
  p_play_session uuid,
  p_day date,
  p_week date,
  p_month date
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_limits jsonb;
  v_changes jsonb;
  v_session jsonb;
  v_usage jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock_key, 0));

  SELECT jsonb_build_object('state', p.state::text, 'closed_at', l.closed_at, 'reality_check_minutes', l.reality_check_minutes,
                            'register_status', p.register_status::text, 'screening_status', p.screening_status::text)
    INTO v_limits
    FROM player_self_limits l JOIN player p ON p.id = l.player_id WHERE l.player_id = p_player;
  IF v_limits IS NULL THEN
    INSERT INTO player_self_limits (player_id, created_at)
      SELECT id, p_at FROM player WHERE id = p_player
      ON CONFLICT (player_id) DO NOTHING;
    SELECT jsonb_build_object('state', p.state::text, 'closed_at', l.closed_at, 'reality_check_minutes', l.reality_check_minutes,
                              'register_status', p.register_status::text, 'screening_status', p.screening_status::text)
      INTO v_limits
      FROM player_self_limits l JOIN player p ON p.id = l.player_id WHERE l.player_id = p_player;
  END IF;
  IF v_limits IS NULL THEN
    RETURN jsonb_build_object('limits', NULL);
  END IF;

  SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'measure', c.measure, 'is_set', c.is_set,
                                               'limit_value', c.limit_value::text, 'excluded_until', c.excluded_until,
                                               'requested_at', c.requested_at, 'effective_from', c.effective_from,
                                               'pending', c.pending)), '[]'::jsonb)
    INTO v_changes
    FROM (
      SELECT DISTINCT ON (measure, pending) id, measure, is_set, limit_value, excluded_until, requested_at, effective_from, pending
      FROM (
        SELECT *, effective_from > p_at AS pending FROM self_limit_change
        WHERE player_id = p_player AND cancelled_at IS NULL
      ) AS change
      ORDER BY measure, pending, effective_from DESC, id DESC
    ) AS c;

  SELECT jsonb_build_object('id', s.id, 'player_id', s.player_id, 'started_at', s.started_at, 'last_activity_at', s.last_activity_at,
                            'ended_at', s.ended_at, 'end_reason', s.end_reason, 'played_ms', s.played_ms::text,
                            'stakes_minor', s.stakes_minor::text, 'wins_minor', s.wins_minor::text,
                            'reality_checks_shown', s.reality_checks_shown)
    INTO v_session
    FROM play_session s WHERE s.id = p_play_session AND s.player_id = p_player;

  SELECT coalesce(jsonb_agg(jsonb_build_object('period', u.period::text, 'deposits_minor', u.deposits_minor::text,
                                               'stakes_minor', u.stakes_minor::text, 'wins_minor', u.wins_minor::text,
                                               'played_ms', u.played_ms::text)), '[]'::jsonb)
    INTO v_usage
    FROM self_limit_usage u
    WHERE u.player_id = p_player AND (
      (u.period = 'DAY' AND u.period_start = p_day)
      OR (u.period = 'WEEK' AND u.period_start = p_week)
      OR (u.period = 'MONTH' AND u.period_start = p_month));

  RETURN jsonb_build_object('limits', v_limits, 'entry', jsonb_build_object('inserted', true), 'changes', v_changes,
                            'session', v_session, 'usage', v_usage);
END;
$$;

-- The write half: the stake's usage entry, counted once per reference (a reference counted before is a
-- bug here: the caller holds the round lock and the reference names the round's event), the period
-- counters (p_usage: [{period, start, deposits, stakes, wins, played}], minor units and ms as text) and
-- the play session's totals, as addStakeUsage writes them. The caller holds the player lock.
CREATE OR REPLACE FUNCTION limits_stake_count(
  p_player uuid,
  p_reference text,
  p_category "GameCategory",
  p_amount_minor bigint,
  p_currency text,
  p_rate_to_czk numeric,
  p_counted_minor bigint,
  p_play_session uuid,
  p_at timestamptz,
  p_usage jsonb,
  p_session_played_ms bigint,
  p_session_stakes_minor bigint
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
    VALUES (p_player, 'STAKE', p_reference, p_category, p_amount_minor, p_currency, p_rate_to_czk, p_counted_minor, p_play_session, p_at)
    ON CONFLICT (player_id, kind, reference) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'stake % of player % was counted before', p_reference, p_player;
  END IF;

  INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
    SELECT p_player, d.period::"LimitUsagePeriod", d.start, d.deposits, d.stakes, d.wins, d.played
    FROM jsonb_to_recordset(p_usage) AS d(period text, start date, deposits bigint, stakes bigint, wins bigint, played bigint)
    ON CONFLICT (player_id, period, period_start) DO UPDATE SET
      deposits_minor = u.deposits_minor + EXCLUDED.deposits_minor,
      stakes_minor = u.stakes_minor + EXCLUDED.stakes_minor,
      wins_minor = u.wins_minor + EXCLUDED.wins_minor,
      played_ms = u.played_ms + EXCLUDED.played_ms;

  UPDATE play_session SET
    last_activity_at = GREATEST(last_activity_at, p_at),
    played_ms = played_ms + p_session_played_ms,
    stakes_minor = stakes_minor + p_session_stakes_minor
  WHERE id = p_play_session;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'play session % does not exist', p_play_session;
  END IF;
END;
$$;

-- The round's row lock and everything an action reads after it (actionContext of act-in-round.ts), then,
-- when the action can stake (an open round, not answered before, the player seated), the player lock and
-- the limits' rows. Returns { round, answered, table_open, seat, stake_state } (jsonb; the round's state as text).
CREATE OR REPLACE FUNCTION table_stake_begin(
  p_round uuid,
  p_player uuid,
  p_action_id text,
  p_lock_key text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date
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
  SELECT id, table_id, kind::text AS kind, status::text AS status, state, version, seed, seed_commitment, deadline_at,
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

-- Everything a confirmed stake writes, in one statement: the limits' counters (limits_stake_count), the
-- ledger posting (ledger_post, kind STAKE, one key for the posting and the usage entry), the AML
-- monitoring event's outbox row, the round's stake record and the player's place in the round, the
-- round's new state (its version moves by exactly one: the caller holds the row lock) and the action's
-- stored answer (exactly once per action id: the primary key of game_action). Returns the posting's id.
CREATE OR REPLACE FUNCTION table_stake_commit(
  p_player uuid,
  p_reference text,
  p_category "GameCategory",
  p_amount_minor bigint,
  p_currency text,
  p_rate_to_czk numeric,
  p_counted_minor bigint,
  p_play_session uuid,
  p_at timestamptz,
  p_usage jsonb,
  p_session_played_ms bigint,
  p_transaction_id uuid,
  p_request_hash text,
  p_metadata jsonb,
  p_postings jsonb,
  p_outbox_id uuid,
  p_outbox_topic text,
  p_outbox_payload jsonb,
  p_round uuid,
  p_table uuid,
  p_seat integer,
  p_stake_minor bigint,
  p_event_index integer,
  p_state text,
  p_phase text,
  p_version integer,
  p_deadline_at timestamptz,
  p_action_id text,
  p_action_hash text,
  p_response jsonb
) RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_posted record;
BEGIN
  PERFORM limits_stake_count(p_player, p_reference, p_category, p_amount_minor, p_currency, p_rate_to_czk, p_counted_minor,
                             p_play_session, p_at, p_usage, p_session_played_ms, p_counted_minor);

  SELECT * INTO v_posted FROM ledger_post(p_transaction_id, p_reference, p_request_hash, 'STAKE', p_metadata, p_at, NULL, p_postings);
  IF v_posted.replayed THEN
    RAISE EXCEPTION 'stake % was posted before', p_reference;
  END IF;

  INSERT INTO outbox_message (id, topic, version, payload) VALUES (p_outbox_id, p_outbox_topic, 1, p_outbox_payload);

  INSERT INTO game_round_posting (round_id, player_id, seat, kind, amount_minor, ledger_transaction_id, event_index, at)
    VALUES (p_round, p_player, p_seat, 'STAKE', p_stake_minor, v_posted.transaction_id, p_event_index, p_at);
  INSERT INTO game_round_player (round_id, player_id, table_id, seat, play_session_id, staked_minor, joined_at)
    VALUES (p_round, p_player, p_table, p_seat, p_play_session, p_stake_minor, p_at)
    ON CONFLICT (round_id, player_id) DO UPDATE SET staked_minor = game_round_player.staked_minor + EXCLUDED.staked_minor;

  UPDATE game_round SET state = p_state, phase = p_phase, version = p_version, deadline_at = p_deadline_at
    WHERE id = p_round AND version = p_version - 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'round % is not at version %', p_round, p_version - 1;
  END IF;

  INSERT INTO game_action (player_id, action_id, round_id, request_hash, response, created_at)
    VALUES (p_player, p_action_id, p_round, p_action_hash, p_response, p_at);
  RETURN v_posted.transaction_id;
END;
$$;
