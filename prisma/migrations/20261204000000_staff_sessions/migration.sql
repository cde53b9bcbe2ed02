-- Issue 21: the back-office console keeps a staff login alive for a shift without the password and
-- TOTP again. Refresh tokens rotate within a family that starts at login, as the players' do
-- (packages/compliance/src/staff/staff-sessions.ts, D-2101); only their SHA-256 digests are stored.
CREATE TABLE "staff_refresh_token" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "staff_user_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "family_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_refresh_token_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "staff_refresh_token_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_user"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "staff_refresh_token_token_hash_key" ON "staff_refresh_token"("token_hash");
CREATE INDEX "staff_refresh_token_family_id_idx" ON "staff_refresh_token"("family_id");
CREATE INDEX "staff_refresh_token_staff_user_id_idx" ON "staff_refresh_token"("staff_user_id");
