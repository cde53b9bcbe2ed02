import { DomainError } from '@casino/core';
import { transaction, type Tx } from '@casino/db';
import type { CashierContext } from './context.ts';
import { creditPaymentQueued } from './credit-payment-batch.ts';
import { onPaymentEvent, onRefundEvent, type EventOutcome } from './deposit-events.ts';
import { onPayoutEvent } from './payout-events.ts';
import { isKnownEventType, providerEventSchemas, type ParsedProviderEvent } from './provider-events.ts';
import { storedProviderEventPayload } from './stored-provider-event.ts';
import { onBankTransfer, onVerificationEvent } from './verification-events.ts';

export interface ProviderEventDelivery {
  provider: string;
  /** The provider's event id (`webhook-id`): the same on every delivery of one event. */
  eventId: string;
  type: string;
  /** The whole body; stored as received but for the personal data in it (stored-provider-event.ts). */
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

export type DeliveryOutcome = EventOutcome | 'duplicate' | 'unknown-type';

/**
 * Applies one webhook delivery exactly once (issue 6, ARCHITECTURE idea 4): the event row is
 * inserted on (provider, event id) in the same database transaction as its effect, so a second
 * delivery — concurrent or hours later — finds it and changes nothing, and an effect that rolls back
 * takes the row with it, so the provider's retry applies it again. An event type we do not know is
 * stored and acknowledged; a known type with malformed data is refused (400) and not stored.
 */
export async function applyProviderEvent(
  ctx: CashierContext,
  delivery: ProviderEventDelivery,
): Promise<{ outcome: DeliveryOutcome }> {
  const parsed = parse(delivery);
  const subjectId = parsed && 'reference' in parsed.data && isUuid(parsed.data.reference) ? parsed.data.reference : null;
  if (subjectId && (parsed?.type === 'payment.authorized' || parsed?.type === 'payment.settled')) {
    // The hot path (issue 22, D-2280): two statements, no ORM, several deliveries' in one transaction when they
    // queued behind others (D-1829); null: not its case, nothing written.
    const credited = await creditPaymentQueued(ctx, delivery, parsed);
    if (credited) return credited;
  }
  const stored = storedProviderEventPayload(ctx, delivery, parsed);
  return transaction(ctx.db, async (tx) => {
    // Stored as applied, the common outcome, so the usual delivery writes its row once.
    const inserted = await tx.$executeRaw`
      INSERT INTO cashier_provider_event (provider, event_id, type, payload, outcome, subject_id, received_at)
      VALUES (${delivery.provider}, ${delivery.eventId}, ${delivery.type}, ${JSON.stringify(stored)}::jsonb, 'applied', ${subjectId}::uuid, ${ctx.clock.now()})
      ON CONFLICT (provider, event_id) DO NOTHING`;
    if (inserted === 0) return { outcome: 'duplicate' as const };
    const outcome: DeliveryOutcome = parsed ? await dispatch(ctx, tx, delivery.provider, parsed) : 'unknown-type';
    if (outcome !== 'applied') {
      await tx.cashierProviderEvent.update({
        where: { provider_eventId: { provider: delivery.provider, eventId: delivery.eventId } },
        data: { outcome },
      });
    }
    return { outcome };
  });
}

const isUuid = (value: string): boolean => /^[0-9a-f-]{36}$/i.test(value);

function parse(delivery: ProviderEventDelivery): ParsedProviderEvent | null {
  if (!isKnownEventType(delivery.type)) return null;
  const result = providerEventSchemas[delivery.type].safeParse(delivery.payload.data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DomainError(
      'validation-failed',
      `Malformed ${delivery.type} event: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid data'}.`,
      { field: `body.data${issue ? `.${issue.path.join('.')}` : ''}` },
    );
  }
  return { type: delivery.type, data: result.data } as ParsedProviderEvent;
}

function dispatch(ctx: CashierContext, tx: Tx, provider: string, event: ParsedProviderEvent): Promise<EventOutcome> {
  switch (event.type) {
    case 'payment.authorized':
    case 'payment.settled':
    case 'payment.failed':
    case 'payment.expired':
    case 'payment.chargeback':
      return onPaymentEvent(ctx, tx, provider, event.type, event.data);
    case 'payout.paid':
    case 'payout.failed':
      return onPayoutEvent(ctx, tx, provider, event.type, event.data);
    case 'refund.succeeded':
    case 'refund.failed':
      return onRefundEvent(ctx, tx, provider, event.type, event.data);
    case 'verification.succeeded':
    case 'verification.failed':
      return onVerificationEvent(ctx, tx, provider, event.type, event.data);
    case 'bank-transfer.received':
      return onBankTransfer(ctx, tx, provider, event.data);
  }
}
