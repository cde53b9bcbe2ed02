-- Issue 19: satellite seat tickets (D-1956..D-1959). A satellite whose prize is a seat in a named target
-- tournament issues a ticket to each seat winner; its value (the target's buy-in) waits in the target's
-- ticket account (a ledger account owned by the target) until the ticket registers the player, is given
-- back by an unregistration, or is paid out as cash when the target starts or is cancelled unused.
CREATE TABLE "tournament_ticket" (
    "id" UUID NOT NULL,
    "target_tournament_id" UUID NOT NULL REFERENCES "tournament"("id"),
    "satellite_tournament_id" UUID NOT NULL REFERENCES "tournament"("id"),
    "satellite_entry_id" UUID NOT NULL REFERENCES "tournament_entry"("id"),
    "player_id" UUID NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "value_minor" BIGINT NOT NULL,
    "status" VARCHAR(20) NOT NULL,
    "entry_id" UUID REFERENCES "tournament_entry"("id"),
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "tournament_ticket_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tournament_ticket_status" CHECK ("status" IN ('issued', 'used', 'cashed'))
);
CREATE UNIQUE INDEX "tournament_ticket_satellite_entry_id_key" ON "tournament_ticket"("satellite_entry_id");
CREATE INDEX "tournament_ticket_target_tournament_id_idx" ON "tournament_ticket"("target_tournament_id");
CREATE INDEX "tournament_ticket_player_id_idx" ON "tournament_ticket"("player_id");

-- The ticket an entry was registered with (null: paid from the wallet).
ALTER TABLE "tournament_entry" ADD COLUMN "ticket_id" UUID;
