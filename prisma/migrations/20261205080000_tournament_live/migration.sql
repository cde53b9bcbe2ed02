-- Issue 19: live tournament tables (packages/tables/src/tournament/live, docs/tournaments.md "Live play").
-- A running tournament is driven by exactly one game-service instance: the lease with fencing of the
-- poker cash tables (store-lease.ts), on the tournament row. `live_state` is the director's state at
-- the last hand boundary (seats, chips, clock, busts ranked so far, bounties): a takeover restores it,
-- so a hand interrupted by a crash is void by construction (every chip as it was when it began).
ALTER TABLE "tournament"
    ADD COLUMN "lease_owner" TEXT,
    ADD COLUMN "lease_epoch" BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN "lease_expires_at" TIMESTAMPTZ(3),
    ADD COLUMN "live_state" JSONB;

CREATE INDEX "tournament_running_live_idx" ON "tournament"("lease_expires_at") WHERE "status" = 'RUNNING' AND "live_state" IS NOT NULL;
