-- Issue 22 (D-2291..D-2295): the round scheduler's turn of a live round in two round trips, as the bet
-- confirmation (20261205010000_stake_path_one_call): BEGIN with table_round_begin, the engine and the
-- rules in TypeScript (packages/tables/src/settle-round.ts), then table_round_commit with COMMIT.
--
--   table_round_begin   claims one due round (FOR UPDATE SKIP LOCKED, as claimDueRound) and says whether
--                       another was due; for a live round: the table's lock and switch, its seats, the
--                       round's players, their locks in player-id order and, per player, what the win's
--                       settlement and the play activity read (limits row created on first use, measures'
--                       changes, play session, usage of the current periods), the wallets and whether a
--                       payout hold is active.
--   table_round_commit  the idle counts, every win (usage entry counted once, ledger_post, the monitoring
--                       event's outbox row, the round's posting record), the usage counters and play
--                       sessions (wins and playing time), the round's places, the round row (settled with
--                       its record, or its next step) and the next live round.
--
-- Lock order as before (docs/concurrency.md, driveRound): the round row, the table row, then the players
-- in id order. Each statement of a VOLATILE PL/pgSQL function takes a fresh snapshot under READ COMMITTED,
-- so every read after a lock sees what the lock's previous holder committed (D-2251).

CREATE OR REPLACE FUNCTION table_round_begin(
  p_now timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_round uuid
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_round record;
  v_more boolean;
  v_open boolean;
  v_seats jsonb;
  v_players jsonb;
  v_ids uuid[];
  v_player uuid;
  v_missing boolean;
BEGIN
  IF p_round IS NULL THEN
    SELECT g.id, g.table_id, g.kind::text AS kind, g.status::text AS status, g.state, g.version, g.seed, g.seed_commitment,
           g.deadline_at, g.origin_round_id, g.temporary_player_id, g.temporary_seat
      INTO v_round
      FROM game_round g WHERE g.status = 'OPEN' AND g.deadline_at <= p_now
      ORDER BY g.deadline_at LIMIT 1 FOR UPDATE OF g SKIP LOCKED;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('round', NULL);
    END IF;
    v_more := EXISTS (SELECT 1 FROM game_round o WHERE o.status = 'OPEN' AND o.deadline_at <= p_now AND o.id <> v_round.id);
  ELSE
    -- An action that found the round's time run out (D-2295): its lock, waited for as lockRound waits, and
    -- nothing when another turned it meanwhile.
    SELECT g.id, g.table_id, g.kind::text AS kind, g.status::text AS status, g.state, g.version, g.seed, g.seed_commitment,
           g.deadline_at, g.origin_round_id, g.temporary_player_id, g.temporary_seat
      INTO v_round
      FROM game_round g WHERE g.id = p_round FOR UPDATE;
    IF NOT FOUND OR v_round.status <> 'OPEN' OR v_round.deadline_at IS NULL OR v_round.deadline_at > p_now THEN
      RETURN jsonb_build_object('round', NULL);
    END IF;
    v_more := false;
  END IF;
  IF v_round.kind <> 'LIVE' THEN
    -- A temporary table is the ORM path's (driveRound): the caller rolls back.
    RETURN jsonb_build_object('round', to_jsonb(v_round), 'more_due', v_more);
  END IF;

  SELECT t.is_open INTO v_open FROM game_table t WHERE t.id = v_round.table_id FOR UPDATE;

  SELECT coalesce(jsonb_agg(jsonb_build_object('seat_no', s.seat_no, 'player_id', s.player_id, 'status', s.status::text,
                                               'idle_rounds', s.idle_rounds, 'play_session_id', s.play_session_id)
                            ORDER BY s.seat_no), '[]'::jsonb)
    INTO v_seats FROM table_seat s WHERE s.table_id = v_round.table_id;

  SELECT coalesce(array_agg(DISTINCT p.player_id ORDER BY p.player_id), '{}') INTO v_ids
    FROM game_round_player p WHERE p.round_id = v_round.id;
  -- The players' locks one after another in id order (lockPlayers; the key is playerLockKey's, and a uuid's
  -- text is lower case and sorts as its bytes do).
  FOREACH v_player IN ARRAY v_ids LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('player:' || v_player::text, 0));
  END LOOP;
  -- A player's limits row is created on first use, as lockPlayer does.
  SELECT count(*) < cardinality(v_ids) INTO v_missing FROM player_self_limits WHERE player_id = ANY (v_ids);
  IF v_missing THEN
    INSERT INTO player_self_limits (player_id, created_at)
      SELECT id, p_now FROM player WHERE id = ANY (v_ids)
      ON CONFLICT (player_id) DO NOTHING;
  END IF;

  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'player_id', p.player_id, 'seat', p.seat, 'play_session_id', p.play_session_id,
      'limits', (SELECT jsonb_build_object('state', pl.state::text, 'closed_at', l.closed_at,
                                           'reality_check_minutes', l.reality_check_minutes,
                                           'register_status', pl.register_status::text,
                                           'screening_status', pl.screening_status::text)
                 FROM player_self_limits l JOIN player pl ON pl.id = l.player_id WHERE l.player_id = p.player_id),
      'changes', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'measure', c.measure, 'is_set', c.is_set,
                                                               'limit_value', c.limit_value::text, 'excluded_until', c.excluded_until,
                                                               'requested_at', c.requested_at, 'effective_from', c.effective_from,
                                                               'pending', c.pending)), '[]'::jsonb)
                  FROM (
                    SELECT DISTINCT ON (measure, pending) id, measure, is_set, limit_value, excluded_until, requested_at,
                           effective_from, pending
                    FROM (SELECT *, effective_from > p_now AS pending FROM self_limit_change
                          WHERE player_id = p.player_id AND cancelled_at IS NULL) AS change
                    ORDER BY measure, pending, effective_from DESC, id DESC
                  ) AS c),
      'session', (SELECT jsonb_build_object('id', s.id, 'player_id', s.player_id, 'started_at', s.started_at,
                                            'last_activity_at', s.last_activity_at, 'ended_at', s.ended_at,
                                            'end_reason', s.end_reason, 'played_ms', s.played_ms::text,
                                            'stakes_minor', s.stakes_minor::text, 'wins_minor', s.wins_minor::text,
                                            'reality_checks_shown', s.reality_checks_shown)
                  FROM play_session s WHERE s.id = p.play_session_id AND s.player_id = p.player_id),
      'usage', (SELECT coalesce(jsonb_agg(jsonb_build_object('period', u.period::text, 'deposits_minor', u.deposits_minor::text,
                                                             'stakes_minor', u.stakes_minor::text, 'wins_minor', u.wins_minor::text,
                                                             'played_ms', u.played_ms::text)), '[]'::jsonb)
                FROM self_limit_usage u
                WHERE u.player_id = p.player_id AND (
                  (u.period = 'DAY' AND u.period_start = p_day)
                  OR (u.period = 'WEEK' AND u.period_start = p_week)
                  OR (u.period = 'MONTH' AND u.period_start = p_month))),
      'wallets', (SELECT coalesce(jsonb_agg(jsonb_build_object('code', a.code, 'id', a.id)), '[]'::jsonb)
                  FROM ledger_account a WHERE a.owner_kind = 'PLAYER' AND a.owner_id = p.player_id::text),
      'payouts_held', EXISTS (SELECT 1 FROM payout_hold h
                              WHERE h.player_id = p.player_id AND h.released_at IS NULL AND h.expires_at > p_now)
    ) ORDER BY p.player_id), '[]'::jsonb)
    INTO v_players FROM game_round_player p WHERE p.round_id = v_round.id;

  RETURN jsonb_build_object('round', to_jsonb(v_round), 'more_due', v_more, 'table_open', v_open,
                            'seats', v_seats, 'players', v_players);
END;
$$;

-- Everything the turn writes, under table_round_begin's locks. p_wins: one object per win (the settlement's
-- usage entry, ledger_post's arguments, the outbox row, the posting record); p_usage: the counters' deltas
-- merged per player and period; p_sessions: per play session the wins and playing time added; p_places:
-- the returns per player (null: the round did not settle in this step); p_next: the next live round.
CREATE OR REPLACE FUNCTION table_round_commit(
  p_round uuid,
  p_table uuid,
  p_at timestamptz,
  p_version integer,
  p_state text,
  p_phase text,
  p_deadline_at timestamptz,
  p_record text,
  p_idle jsonb,
  p_wins jsonb,
  p_usage jsonb,
  p_sessions jsonb,
  p_places jsonb,
  p_next jsonb
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  w record;
  v_posted record;
  v_count integer;
BEGIN
  IF jsonb_array_length(p_idle) > 0 THEN
    UPDATE table_seat s SET idle_rounds = v.idle_rounds
      FROM jsonb_to_recordset(p_idle) AS v(seat_no integer, idle_rounds integer)
      WHERE s.table_id = p_table AND s.seat_no = v.seat_no;
  END IF;

  FOR w IN SELECT * FROM jsonb_to_recordset(p_wins) AS x(
      player uuid, reference text, category "GameCategory", amount_minor bigint, currency text, rate_to_czk numeric,
      counted_minor bigint, play_session uuid, transaction_id uuid, request_hash text, metadata jsonb, postings jsonb,
      outbox_id uuid, outbox_topic text, outbox_payload jsonb, seat integer, event_index integer)
  LOOP
    -- A payout hold placed after table_round_begin's read: the ORM path holds the win (D-2293).
    IF EXISTS (SELECT 1 FROM payout_hold h WHERE h.player_id = w.player AND h.released_at IS NULL AND h.expires_at > p_at) THEN
      RAISE EXCEPTION 'payouts of player % are suspended', w.player USING ERRCODE = 'TBH01';
    END IF;
    IF w.counted_minor > 0 THEN
      INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
        VALUES (w.player, 'SETTLEMENT', w.reference, w.category, w.amount_minor, w.currency, w.rate_to_czk, w.counted_minor, w.play_session, p_at)
        ON CONFLICT (player_id, kind, reference) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'settlement % of player % was counted before', w.reference, w.player;
      END IF;
    END IF;
    SELECT * INTO v_posted FROM ledger_post(w.transaction_id, w.reference, w.request_hash, 'WIN', w.metadata, p_at, NULL, w.postings);
    IF v_posted.replayed THEN
      RAISE EXCEPTION 'win % was posted before', w.reference;
    END IF;
    INSERT INTO outbox_message (id, topic, version, payload) VALUES (w.outbox_id, w.outbox_topic, 1, w.outbox_payload);
    INSERT INTO game_round_posting (round_id, player_id, seat, kind, amount_minor, ledger_transaction_id, event_index, at)
      VALUES (p_round, w.player, w.seat, 'WIN', w.amount_minor, v_posted.transaction_id, w.event_index, p_at);
  END LOOP;

  IF jsonb_array_length(p_usage) > 0 THEN
    INSERT INTO self_limit_usage AS u (player_id, period, period_start, deposits_minor, stakes_minor, wins_minor, played_ms)
      SELECT d.player, d.period::"LimitUsagePeriod", d.start, d.deposits, d.stakes, d.wins, d.played
      FROM jsonb_to_recordset(p_usage) AS d(player uuid, period text, start date, deposits bigint, stakes bigint, wins bigint, played bigint)
      ON CONFLICT (player_id, period, period_start) DO UPDATE SET
        deposits_minor = u.deposits_minor + EXCLUDED.deposits_minor,
        stakes_minor = u.stakes_minor + EXCLUDED.stakes_minor,
        wins_minor = u.wins_minor + EXCLUDED.wins_minor,
        played_ms = u.played_ms + EXCLUDED.played_ms;
  END IF;

  IF jsonb_array_length(p_sessions) > 0 THEN
    UPDATE play_session s SET
        last_activity_at = CASE WHEN v.touch THEN GREATEST(s.last_activity_at, p_at) ELSE s.last_activity_at END,
        played_ms = s.played_ms + v.played_ms,
        wins_minor = s.wins_minor + v.wins_minor,
        reality_checks_shown = coalesce(v.shown, s.reality_checks_shown)
      FROM jsonb_to_recordset(p_sessions) AS v(id uuid, played_ms bigint, wins_minor bigint, shown integer, touch boolean)
      WHERE s.id = v.id;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> jsonb_array_length(p_sessions) THEN
      RAISE EXCEPTION 'a play session of round % does not exist', p_round;
    END IF;
  END IF;

  IF p_places IS NOT NULL THEN
    -- Every place of the round settled, returns added (as finishRound, D-2271).
    WITH r AS (
      SELECT v.player_id, sum(v.returned_minor) AS returned_minor
      FROM jsonb_to_recordset(p_places) AS v(player_id uuid, returned_minor bigint)
      GROUP BY v.player_id
    )
    UPDATE game_round_player p
      SET returned_minor = p.returned_minor + COALESCE((SELECT r.returned_minor FROM r WHERE r.player_id = p.player_id), 0),
          settled_at = p_at
      WHERE p.round_id = p_round
        AND (p.settled_at IS NULL OR p.player_id IN (SELECT r.player_id FROM r));
  END IF;

  UPDATE game_round SET state = p_state, phase = p_phase, version = p_version, deadline_at = p_deadline_at,
      status = CASE WHEN p_record IS NULL THEN status ELSE 'SETTLED' END,
      settled_at = CASE WHEN p_record IS NULL THEN settled_at ELSE p_at END,
      record = coalesce(p_record, record)
    WHERE id = p_round AND version = p_version - 1 AND status = 'OPEN';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'round % is not open at version %', p_round, p_version - 1;
  END IF;

  IF p_next IS NOT NULL THEN
    INSERT INTO game_round (id, table_id, kind, status, phase, state, version, seed, seed_commitment, deadline_at, opened_at)
      VALUES ((p_next->>'id')::uuid, p_table, 'LIVE', 'OPEN', p_next->>'phase', p_next->>'state', 1, p_next->>'seed',
              p_next->>'seed_commitment', (p_next->>'deadline_at')::timestamptz, p_at);
  END IF;
END;
$$;
