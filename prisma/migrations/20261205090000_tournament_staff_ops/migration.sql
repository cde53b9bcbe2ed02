-- Issue 19: staff pause and resume of a live tournament (D-1935). The admin API cannot reach the game
-- service's room, so staff's pause is a state on the tournament row: the instance driving the tournament
-- reads it at every hand's commit (no new hand is dealt after a pause) and at every lease renewal (a
-- resume, or a pause while no hand runs). NULL: not paused by staff.
ALTER TABLE "tournament" ADD COLUMN "staff_paused_at" TIMESTAMPTZ(3);
