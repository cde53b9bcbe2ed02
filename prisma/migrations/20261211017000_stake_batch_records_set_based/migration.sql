-- Issue 22 (hot paths, D-1860): a batch of bet confirmations (D-1855) writes its stakes' own records with one
-- statement per table for the whole batch instead of one per stake: the monitoring events' outbox rows, the round's
-- stake records, the players' places in the round and the actions' stored answers. Each stake's self-limits
-- counters and ledger posting stay one call per stake, in the order given, since each checks and may refuse on its
-- own (a refusal raises and the whole batch rolls back, as before). A batch holds one stake per player, so no two
-- rows of one statement touch the same player's place in the round. Same arguments, same result, same rows.
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
      transaction_id uuid, request_hash text, metadata jsonb, postings jsonb)
  LOOP
    PERFORM limits_stake_count(s.player, s.reference, s.category::"GameCategory", s.amount_minor, s.currency, s.rate_to_czk,
                               s.counted_minor, s.play_session, s.at, s.usage, s.session_played_ms, s.counted_minor);

    SELECT * INTO v_posted FROM ledger_post(s.transaction_id, s.reference, s.request_hash, 'STAKE', s.metadata, s.at, NULL, s.postings);
    IF v_posted.replayed OR v_posted.transaction_id <> s.transaction_id THEN
      RAISE EXCEPTION 'stake % was posted before', s.reference;
    END IF;
    v_ids := v_ids || to_jsonb(v_posted.transaction_id);
  END LOOP;

  INSERT INTO outbox_message (id, topic, version, payload)
    SELECT x.outbox_id, x.outbox_topic, 1, x.outbox_payload
    FROM ROWS FROM (jsonb_to_recordset(p_stakes) AS (outbox_id uuid, outbox_topic text, outbox_payload jsonb))
      WITH ORDINALITY AS x(outbox_id, outbox_topic, outbox_payload, n)
    ORDER BY x.n;

  INSERT INTO game_round_posting (round_id, player_id, seat, kind, amount_minor, ledger_transaction_id, event_index, at)
    SELECT p_round, x.player, x.seat, 'STAKE', x.stake_minor, x.transaction_id, x.event_index, x.at
    FROM ROWS FROM (jsonb_to_recordset(p_stakes) AS (player uuid, seat integer, stake_minor bigint, transaction_id uuid,
                                                     event_index integer, at timestamptz))
      WITH ORDINALITY AS x(player, seat, stake_minor, transaction_id, event_index, at, n)
    ORDER BY x.n;

  INSERT INTO game_round_player (round_id, player_id, table_id, seat, play_session_id, staked_minor, joined_at)
    SELECT p_round, x.player, x.table_id, x.seat, x.play_session, x.stake_minor, x.at
    FROM jsonb_to_recordset(p_stakes) AS x(player uuid, table_id uuid, seat integer, play_session uuid, stake_minor bigint,
                                           at timestamptz)
    ON CONFLICT (round_id, player_id) DO UPDATE SET staked_minor = game_round_player.staked_minor + EXCLUDED.staked_minor;

  INSERT INTO game_action (player_id, action_id, round_id, request_hash, response, created_at)
    SELECT x.player, x.action_id, p_round, x.action_hash, x.response, x.at
    FROM jsonb_to_recordset(p_stakes) AS x(player uuid, action_id text, action_hash text, response jsonb, at timestamptz);

  UPDATE game_round SET state = p_state, phase = p_phase, version = p_version_to, deadline_at = p_deadline_at
    WHERE id = p_round AND version = p_version_from;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'round % is not at version %', p_round, p_version_from;
  END IF;
  RETURN v_ids;
END;
$$;
