-- Issue 26, 002:WAL-03, WAL-06, T-WAL-01 (D-2610): a deposit or withdrawal converted at a quote the player
-- saw. The quote is taken (used) when the request is made; the conversion itself is posted when the deposit
-- is credited or the withdrawal's amount is held, through the per-currency FX accounts (fx_conversion).
ALTER TABLE "cashier_deposit" ADD COLUMN "fx_quote_id" UUID REFERENCES "fx_quote" ("id");
ALTER TABLE "cashier_withdrawal" ADD COLUMN "fx_quote_id" UUID REFERENCES "fx_quote" ("id");
CREATE UNIQUE INDEX "cashier_deposit_fx_quote_id_key" ON "cashier_deposit" ("fx_quote_id");
CREATE UNIQUE INDEX "cashier_withdrawal_fx_quote_id_key" ON "cashier_withdrawal" ("fx_quote_id");
