import { accountNumbersOf, type CashierContext } from './context.ts';
import { maskIban, normaliseIban } from './iban.ts';
import type { ParsedProviderEvent } from './provider-events.ts';
import type { ProviderEventDelivery } from './apply-provider-event.ts';

/**
 * What `cashier_provider_event.payload` keeps of a delivery (issue 14 (12), D-1452). The row is the
 * evidence of what the provider said, so it stays the whole body, except personal data the platform
 * protects elsewhere: a bank transfer's payer IBAN and name are stored encrypted (the PII key, as
 * `payment_method` stores account numbers), the IBAN also as the keyed hash `payment_method` matches
 * on and masked for display, so a returned or unmatched transfer can be traced without decrypting.
 * Unknown event types are kept as received: we cannot know what in them is personal.
 */
export function storedProviderEventPayload(
  ctx: CashierContext,
  delivery: ProviderEventDelivery,
  parsed: ParsedProviderEvent | null,
): ProviderEventDelivery['payload'] {
  if (parsed?.type !== 'bank-transfer.received') return delivery.payload;
  const protector = accountNumbersOf(ctx);
  const { payerAccount, payerName, ...rest } = delivery.payload.data as Record<string, unknown> & {
    payerAccount: string;
    payerName: string;
  };
  const iban = normaliseIban(parsed.data.payerAccount);
  return {
    ...delivery.payload,
    data: {
      ...rest,
      payerAccountEncrypted: protector.encrypt(iban),
      payerAccountHash: protector.blindIndex(`iban|${iban}`),
      payerAccountMasked: maskIban(iban),
      payerNameEncrypted: protector.encrypt(parsed.data.payerName),
    },
  };
}
