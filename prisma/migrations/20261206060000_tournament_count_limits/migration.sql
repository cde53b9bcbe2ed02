-- Issue 19, 003:R-LIM-02: the tournament entries a player made per calendar day, week and month, counted
-- against the tournament-count limits at registration under the player lock (packages/limits,
-- authorize-tournament-entry.ts). A counter per period, like self_limit_usage; owned by packages/limits.
CREATE TABLE "self_limit_tournament_count" (
    "player_id" UUID NOT NULL REFERENCES "player"("id"),
    "period" "LimitUsagePeriod" NOT NULL,
    "period_start" DATE NOT NULL,
    "entries" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "self_limit_tournament_count_pkey" PRIMARY KEY ("player_id", "period", "period_start"),
    CONSTRAINT "self_limit_tournament_count_not_negative" CHECK ("entries" >= 0)
);
