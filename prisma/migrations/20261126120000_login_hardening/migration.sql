-- Issue 14 (4) and (2): logins are throttled, not locked; the register re-check finds recent sessions.
--
-- 1. Failed logins slow the next attempt down per account and address, per address and per account
--    (packages/db/src/login-throttle.ts, D-1414). The keys are SHA-256 digests: no e-mail or address
--    is stored. The hard lock's columns go.
CREATE TABLE "login_throttle" (
    "key" CHAR(64) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    "succeeded_at" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttle_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "login_throttle_failures_check" CHECK ("failures" >= 0)
);

ALTER TABLE "player" DROP COLUMN "failed_login_count", DROP COLUMN "locked_until";
ALTER TABLE "staff_user" DROP COLUMN "failed_login_count", DROP COLUMN "locked_until";

-- 2. The worker's register re-check starts from the refresh tokens issued within an access token's
--    lifetime (packages/players/src/register-listing.ts, D-1411).
CREATE INDEX "refresh_token_created_at_idx" ON "refresh_token"("created_at");
