-- 004:WDR-01 (5.9.1): cash paid out at a branch. It is a withdrawal of the channel CASH and names no
-- payment method; every other withdrawal still goes to one.
ALTER TABLE "cashier_withdrawal" ALTER COLUMN "payment_method_id" DROP NOT NULL;
ALTER TABLE "cashier_withdrawal" DROP CONSTRAINT "cashier_withdrawal_channel";
ALTER TABLE "cashier_withdrawal" ADD CONSTRAINT "cashier_withdrawal_channel"
    CHECK ("channel" IN ('PLAYER', 'SUPPORT', 'TEMPORARY_REFUND', 'CASH'));
ALTER TABLE "cashier_withdrawal" ADD CONSTRAINT "cashier_withdrawal_method_unless_cash"
    CHECK (("channel" = 'CASH') = ("payment_method_id" IS NULL));
