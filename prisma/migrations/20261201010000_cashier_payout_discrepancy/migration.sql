-- Issue 14 (7): a payout event that contradicts the withdrawal (another amount or currency, paid
-- after it failed, failed after it was paid) settles nothing; the withdrawal is flagged for a
-- cashier instead, the way an overdue payout is flagged (overdue_flagged_at), and listed for finance
-- until someone resolves it. The provider's event itself stays in cashier_provider_event with the
-- outcome 'discrepancy'.
ALTER TABLE "cashier_withdrawal"
  ADD COLUMN "discrepancy_flagged_at" TIMESTAMPTZ(3),
  ADD COLUMN "discrepancy_reason" VARCHAR(500);

-- The cashier's list of open discrepancies: few rows, read oldest first.
CREATE INDEX "cashier_withdrawal_discrepancy_flagged_at_idx" ON "cashier_withdrawal"("discrepancy_flagged_at")
  WHERE "discrepancy_flagged_at" IS NOT NULL;
