/** Shared set-up for the ledger's tests: a fresh database with a chart of accounts and wallets. */
import { Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import {
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  playerWalletSpec,
  paymentProviderClearingSpec,
  findAccountByCode,
} from './accounts.ts';
import { transfer } from './transfer.ts';

export const czk = (amount: string) => Money.of(amount, 'CZK');

export interface LedgerFixture {
  bank: AccountId;
  psp: AccountId;
  house: AccountId;
  pendingWithdrawals: AccountId;
  wallet(playerId?: string): Promise<AccountId>;
  fund(wallet: AccountId, amount: Money): Promise<void>;
}

export async function ledgerFixture(db: Db, hotShardCount = 4): Promise<LedgerFixture> {
  await openOperatorAccounts(db, ['CZK'], hotShardCount);
  const psp = await openAccount(db, paymentProviderClearingSpec('sandbox-psp', 'CZK', hotShardCount));
  const byCode = async (code: string) => (await findAccountByCode(db, code))!.id;
  return {
    bank: await byCode(operatorAccountCode('bank', 'CZK')),
    psp: psp.id,
    house: await byCode(operatorAccountCode('game-revenue', 'CZK', 'roulette')),
    pendingWithdrawals: await byCode(operatorAccountCode('pending-withdrawals', 'CZK')),
    async wallet(playerId = newId<string>()) {
      return (await openAccount(db, playerWalletSpec(playerId, 'cash', 'CZK'))).id;
    },
    async fund(wallet, amount) {
      await transaction(db, (tx) =>
        transfer(
          tx,
          { idempotencyKey: `fund:${newId()}`, kind: 'DEPOSIT', debitAccountId: psp.id, creditAccountId: wallet, amount },
          new Date(),
        ),
      );
    },
  };
}
