-- Issue 18, 003:R-TBL-04: a poker table's waiting list. Kept in PostgreSQL, not in the driver's memory,
-- so the list and a running seat offer survive a takeover by another game-service instance (D-1827).
CREATE TABLE "poker_waiting_list" (
    "table_id" UUID NOT NULL REFERENCES "poker_table" ("id") ON DELETE CASCADE,
    "player_id" UUID NOT NULL,
    -- Order of joining: assigned under the table's waiting-list lock, so concurrent joiners get distinct ones.
    "position" INTEGER NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL,
    -- Set while a freed seat is offered to this player: until then only they may take it.
    "offer_expires_at" TIMESTAMPTZ(3),

    CONSTRAINT "poker_waiting_list_pkey" PRIMARY KEY ("table_id", "player_id"),
    CONSTRAINT "poker_waiting_list_table_id_position_key" UNIQUE ("table_id", "position")
);
