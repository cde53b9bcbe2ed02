-- Issue 22 (hot paths, the webhook delivery; D-1829): the credits of several providers' payment events in one
-- database transaction of two round trips, for the deliveries that queued in the gateway's process while
-- others ran (packages/cashier, credit-payment-batch.ts):
--
--   BEGIN; cashier_deposit_begin_batch   every event's row (exactly once per provider and event id: the
--                                        unique key, as cashier_deposit_credit), the deposits' row locks,
--                                        the players' locks, then each deposit's document
--                                        (cashier_deposit_state) read under those locks;
--   (TypeScript: the rules decide each credit on its document, as creditPaymentWithOneCall decides one)
--   cashier_deposit_commit_batch; COMMIT what cashier_deposit_credit writes for one, per credit; the event
--                                        rows of the deliveries the batch gives back (each then runs alone)
--                                        are deleted again, so the batch leaves no trace of them.
--
-- One credit per player in a batch (a later one of the same player runs alone): each credit is decided on
-- a document no other credit of the batch has changed, so the caps, the self-limits and AML read what the
-- one-delivery path would read. The document is read once, under the locks, instead of twice (a read
-- without locks, then again under them compared by md5), and the batch commits once.
--
-- Lock order (docs/concurrency.md): the events' keys in event-id order, the deposits' rows in id order,
-- the players' locks in id order, the ledger's shards (ledger_post). Two batches, or a batch and the
-- one-delivery path (event key, deposit, player), never take two of these in opposite orders.

CREATE OR REPLACE FUNCTION cashier_deposit_begin_batch(
  p_provider text,
  p_clearing_code text,
  p_at timestamptz,
  p_day date,
  p_week date,
  p_month date,
  p_since30d timestamptz,
  p_since7d timestamptz,
  p_since24h timestamptz,
  p_events jsonb -- [{ "i": 1.., "event_id": text, "type": text, "payload": jsonb, "deposit": uuid }]
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  e record;
  v_n integer := jsonb_array_length(p_events);
  v_kind text[];
  v_deposit uuid[];
  v_deposits uuid[] := '{}';
  v_players uuid[] := '{}';
  v_player uuid;
  v_out jsonb := '[]'::jsonb;
BEGIN
  -- 'alone': the batch does not take it (no deposit of this provider, a second delivery of an event or a
  -- second credit of a player in the batch); 'duplicate': the event was recorded (a parallel delivery of it
  -- committed first: the insert waited on its key); 'credit': recorded here, its document follows.
  v_kind := array_fill('alone'::text, ARRAY[v_n]);
  v_deposit := array_fill(NULL::uuid, ARRAY[v_n]);
  FOR e IN
    SELECT x.i, x.event_id, x.type, x.payload, x.deposit, d.player_id,
           row_number() OVER (PARTITION BY x.event_id ORDER BY x.i) AS nth_event,
           row_number() OVER (PARTITION BY d.player_id ORDER BY x.i) AS nth_player
    FROM jsonb_to_recordset(p_events) AS x(i integer, event_id text, type text, payload jsonb, deposit uuid)
    LEFT JOIN cashier_deposit d ON d.id = x.deposit AND d.provider = p_provider
    ORDER BY x.event_id, x.i
  LOOP
    CONTINUE WHEN e.player_id IS NULL OR e.nth_event > 1 OR e.nth_player > 1;
    INSERT INTO cashier_provider_event (provider, event_id, type, payload, outcome, subject_id, received_at)
      VALUES (p_provider, e.event_id, e.type, e.payload, 'applied', e.deposit, p_at)
      ON CONFLICT (provider, event_id) DO NOTHING;
    IF FOUND THEN
      v_kind[e.i] := 'credit';
      v_deposit[e.i] := e.deposit;
      v_deposits := v_deposits || e.deposit;
      v_players := v_players || e.player_id;
    ELSE
      v_kind[e.i] := 'duplicate';
    END IF;
  END LOOP;

  PERFORM 1 FROM cashier_deposit WHERE id = ANY (v_deposits) ORDER BY id FOR UPDATE;
  FOR v_player IN SELECT p FROM unnest(v_players) AS p ORDER BY p LOOP
    -- playerLockKey of @casino/db, as cashier_deposit_state names it; re-entrant, so limits_stake_read's takes nothing new.
    PERFORM pg_advisory_xact_lock(hashtextextended('player:' || lower(v_player::text), 0));
  END LOOP;

  FOR i IN 1 .. v_n LOOP
    IF v_kind[i] = 'credit' THEN
      v_out := v_out || jsonb_build_array(jsonb_build_object('kind', 'credit', 'state',
        cashier_deposit_state(v_deposit[i], p_provider, p_clearing_code, p_at, p_day, p_week, p_month,
                              p_since30d, p_since7d, p_since24h)));
    ELSE
      v_out := v_out || jsonb_build_array(jsonb_build_object('kind', v_kind[i]));
    END IF;
  END LOOP;
  RETURN v_out;
END;
$$;

-- Per credit what cashier_deposit_credit writes after its check (the usage entry and counters, ledger_post,
-- the deposit's new state, the monitoring event's outbox row), in the order given; then the rows of the
-- events given back (p_released: event ids recorded by cashier_deposit_begin_batch that the batch does not
-- credit) are deleted. Returns the ledger transactions' ids in the order given.
CREATE OR REPLACE FUNCTION cashier_deposit_commit_batch(
  p_provider text,
  p_at timestamptz,
  p_released jsonb, -- [event_id, …]
  p_credits jsonb
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s record;
  v_posted record;
  v_ids jsonb := '[]'::jsonb;
BEGIN
  FOR s IN
    SELECT * FROM jsonb_to_recordset(p_credits) AS x(
      deposit uuid, status text, three_d_secure text, provider_payment_id text, due_diligence boolean,
      player uuid, reference text, amount_minor bigint, currency text, rate_to_czk numeric, counted_minor bigint,
      usage jsonb, transaction_id uuid, key text, request_hash text, metadata jsonb, postings jsonb,
      outbox_id uuid, outbox_topic text, outbox_payload jsonb)
  LOOP
    PERFORM limits_deposit_count(s.player, s.reference, s.amount_minor, s.currency, s.rate_to_czk, s.counted_minor, p_at, s.usage);

    SELECT * INTO v_posted FROM ledger_post(s.transaction_id, s.key, s.request_hash, 'DEPOSIT', s.metadata, p_at, NULL, s.postings);
    IF v_posted.replayed THEN
      RAISE EXCEPTION 'deposit % was posted before', s.key;
    END IF;

    UPDATE cashier_deposit SET
      status = s.status::"DepositStatus",
      ledger_transaction_id = v_posted.transaction_id,
      credited_at = p_at,
      due_diligence_applied = s.due_diligence,
      temporary_account = false,
      updated_at = p_at,
      three_d_secure = s.three_d_secure,
      provider_payment_id = COALESCE(provider_payment_id, s.provider_payment_id)
    WHERE id = s.deposit;

    INSERT INTO outbox_message (id, topic, version, payload) VALUES (s.outbox_id, s.outbox_topic, 1, s.outbox_payload);
    v_ids := v_ids || to_jsonb(v_posted.transaction_id::text);
  END LOOP;

  DELETE FROM cashier_provider_event
    WHERE provider = p_provider AND event_id IN (SELECT jsonb_array_elements_text(p_released));
  RETURN v_ids;
END;
$$;
