-- Issue 22 (hot paths): the self-limits check of a stake in one round trip instead of seven.
--
-- limits_stake_state takes THE per-player lock (the same advisory lock as lockPlayer of @casino/db,
-- whose key the caller passes), creates the player's limits row on first use, counts the stake's usage
-- entry once per reference, and returns everything the check decides on as one jsonb document: the
-- limits row, the usage entry (inserted, or the one counted before), the measures' changes, the play
-- session and the current periods' usage. The rules themselves stay in TypeScript (packages/limits,
-- authorize-stake.ts), which decides on these rows exactly as it did on the separate reads.
--
-- Why a PL/pgSQL function and not one SELECT: under READ COMMITTED a statement reads one snapshot,
-- taken when it starts, i.e. BEFORE it waits for the lock; reads in the same statement as the lock
-- would miss what the previous holder committed. Each statement inside a VOLATILE PL/pgSQL function
-- takes a fresh snapshot, so the reads below, after PERFORM pg_advisory_xact_lock, see every commit
-- of the lock's previous holder, as the separate statements did.
--
-- Money and counters are returned as text (jsonb numbers would pass through JavaScript floats).
CREATE OR REPLACE FUNCTION limits_stake_state(
  p_player uuid,
  p_lock_key text,
  p_at timestamptz,
  p_play_session uuid,
  p_day date,
  p_week date,
  p_month date,
  p_kind "LimitUsageKind",
  p_reference text,
  p_category "GameCategory",
  p_amount_minor bigint,
  p_currency text,
  p_rate_to_czk numeric,
  p_counted_minor bigint
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_limits jsonb;
  v_entry jsonb;
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

  INSERT INTO self_limit_usage_entry (player_id, kind, reference, category, amount_minor, currency, rate_to_czk, counted_minor, play_session_id, at)
    VALUES (p_player, p_kind, p_reference, p_category, p_amount_minor, p_currency, p_rate_to_czk, p_counted_minor, p_play_session, p_at)
    ON CONFLICT (player_id, kind, reference) DO NOTHING;
  IF FOUND THEN
    v_entry := jsonb_build_object('inserted', true);
  ELSE
    SELECT jsonb_build_object('inserted', false, 'amount_minor', e.amount_minor::text, 'currency', e.currency,
                              'counted_minor', e.counted_minor::text)
      INTO v_entry
      FROM self_limit_usage_entry e WHERE e.player_id = p_player AND e.kind = p_kind AND e.reference = p_reference;
    -- A retry: nothing else is read, the caller answers from the entry counted before.
    RETURN jsonb_build_object('limits', v_limits, 'entry', v_entry);
  END IF;

  -- The same pick as measureStates (measures.ts): per measure the newest change in force and the pending one.
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

  RETURN jsonb_build_object('limits', v_limits, 'entry', v_entry, 'changes', v_changes, 'session', v_session, 'usage', v_usage);
END;
$$;
