-- Issue 18, D-1870: a speed pool's hands that ended while its last commit ran are committed together,
-- in one transaction and in the order they ended, each exactly as `poker_commit_pool_hand` commits one
-- (the fence, a hand stored before answered as replayed, the record, the stacks, the rake, the escrow
-- invariant). One hand that raises rolls the whole batch back: the stored stacks stay those after the
-- hands committed before it, a prefix of the ended hands (D-1807).
CREATE OR REPLACE FUNCTION poker_commit_pool_hands(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_hand jsonb;
  v_docs jsonb := '[]'::jsonb;
BEGIN
  FOR v_hand IN SELECT e.value FROM jsonb_array_elements(p) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
    v_docs := v_docs || jsonb_build_array(poker_commit_pool_hand(v_hand));
  END LOOP;
  RETURN v_docs;
END;
$$;
