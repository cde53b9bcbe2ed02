import { DomainError, isDomainError, Money, type CurrencyCode } from '@casino/core';
import { providerOf, type CashierContext } from './context.ts';

/** The refund job (`cashier.deposit-refund`): asks the provider to return a refused deposit; its webhook completes it. */
export async function refundRefusedDeposit(ctx: CashierContext, depositId: string): Promise<'requested' | 'skipped'> {
  const deposit = await ctx.db.cashierDeposit.findUnique({ where: { id: depositId } });
  if (!deposit || deposit.status !== 'REFUSED') return 'skipped';
  if (!deposit.providerPaymentId) throw new DomainError('conflict', `Deposit ${depositId} has no provider payment to refund.`);
  try {
    await providerOf(ctx).refundPayment({
      reference: deposit.id,
      providerPaymentId: deposit.providerPaymentId,
      amount: Money.fromMinor(deposit.amountMinor, deposit.currency as CurrencyCode),
    });
  } catch (error) {
    // A refund the provider refuses outright needs a person: finance sees the deposit still refused.
    if (isDomainError(error) && error.code === 'payment-declined') return 'skipped';
    throw error;
  }
  return 'requested';
}
