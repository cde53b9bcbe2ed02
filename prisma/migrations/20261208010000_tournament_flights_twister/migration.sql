-- Issue 19 (D-1965, D-1970): flight events and Twister sit & goes.
-- The prize pool fixed at the start (a Twister's drawn pool, a flight's Day 2 pool carried from its Day 1s), and the
-- Twister's drawn multiplier (published in the lobby once drawn).
ALTER TABLE "tournament" ADD COLUMN "prize_pool_fixed_minor" BIGINT;
ALTER TABLE "tournament" ADD COLUMN "twister_multiplier" INTEGER;
-- A Day 1 qualifier's chips when its flight ended (004:GAM-P-T-17), and a Day 2 entry's carried starting stack.
ALTER TABLE "tournament_entry" ADD COLUMN "bagged_chips" BIGINT;
ALTER TABLE "tournament_entry" ADD COLUMN "starting_chips" BIGINT;
