import { assert, CurrencyCodeSchema, Money, newId, Rounding, type CurrencyCode } from '@casino/core';
import { enqueueOutboxMessage, enqueueOutboxMessages, type Tx } from '@casino/db';
import { z } from 'zod';
import type { ComplianceRules } from '../rules.ts';

/**
 * The domain events AML monitoring evaluates (002:AML-03, AML-04, AML-07): the cashier, the games and
 * the player API record them inside the transaction that made the change, and the outbox delivers
 * them to the worker, which evaluates the monitoring rules. Amounts are minor units as strings.
 */
export const monitoringEventTopic = 'compliance.monitoring-event';

const AmountSchema = z.object({ amountMinor: z.string().regex(/^\d{1,18}$/, 'whole minor units'), currency: CurrencyCodeSchema });
const base = { eventId: z.uuid(), playerId: z.uuid(), occurredAt: z.iso.datetime({ offset: true }) };

export const MonitoringEventSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('deposit'),
    amount: AmountSchema,
    outcome: z.enum(['succeeded', 'failed']),
    paymentMethodId: z.string().min(1).max(100),
    reference: z.string().max(200).optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('withdrawal'),
    amount: AmountSchema,
    paymentMethodId: z.string().min(1).max(100),
    reference: z.string().max(200).optional(),
  }),
  z.object({ ...base, kind: z.literal('stake'), amount: AmountSchema, gameRoundId: z.string().min(1).max(200) }),
  z.object({ ...base, kind: z.literal('win'), amount: AmountSchema, gameRoundId: z.string().min(1).max(200) }),
  z.object({
    ...base,
    kind: z.literal('payment-method-change'),
    action: z.enum(['added', 'removed', 'activated']),
    paymentMethodId: z.string().min(1).max(100),
    methodType: z.string().max(40).optional(),
  }),
  z.object({ ...base, kind: z.literal('login'), channel: z.enum(['web', 'app', 'hotline']).default('web') }),
  // Chips the player lost to another player in one poker hand (recordPokerHandForMonitoring).
  z.object({
    ...base,
    kind: z.literal('chip-transfer'),
    amount: AmountSchema,
    counterpartyPlayerId: z.uuid(),
    handId: z.string().min(1).max(200),
    tableId: z.string().min(1).max(200),
  }),
  // How the player played one poker hand (recordPokerPlayForMonitoring): bot and fold-dumping rules.
  z.object({
    ...base,
    kind: z.literal('poker-play'),
    handId: z.string().min(1).max(200),
    tableId: z.string().min(1).max(200),
    /** The other player of a heads-up hand (two dealt in), else absent. */
    counterpartyPlayerId: z.uuid().optional(),
    headsUp: z.boolean(),
    /** The player folded (heads-up: to the counterparty). */
    folded: z.boolean(),
    /** From each of the player's turns starting to their decision, in ms (timed-out turns left out). */
    actionDelaysMs: z.array(z.number().int().min(0).max(3_600_000)).max(200),
    /** How long the player had been seated at the table when the hand ended, in ms. */
    seatedMs: z.number().int().min(0),
  }),
]);

export type MonitoringEvent = z.infer<typeof MonitoringEventSchema>;
export type MonitoringEventInput = z.input<typeof MonitoringEventSchema>;

/** Records a monitoring event through the outbox, in the caller's transaction (the event exists iff the change committed). */
export async function recordMonitoringEvent(tx: Tx, event: MonitoringEventInput): Promise<void> {
  await enqueueOutboxMessage(tx, monitoringEventMessage(event));
}

/**
 * The outbox message of a monitoring event, for a caller that writes its outbox row inside a SQL function
 * of its own (the tables' one-call stake path, D-2260): the same topic and validated payload.
 */
export function monitoringEventMessage(event: MonitoringEventInput): { topic: string; payload: object } {
  return { topic: monitoringEventTopic, payload: MonitoringEventSchema.parse(event) as object };
}

export interface PokerHandResult {
  handId: string;
  tableId: string;
  occurredAt: Date;
  currency: CurrencyCode;
  /** Each seated player's net result of the hand in minor units (won minus put in); they sum to minus the rake. */
  results: ReadonlyArray<{ playerId: string; netMinor: bigint }>;
}

/**
 * The chip-dumping hook the poker tables call when a hand is settled (000-001:FAIR-06, 003:R-COND-B):
 * each loser's loss is attributed to the winners in proportion to what they won (rounded down: these
 * are monitoring figures, not money movements) and recorded as chip transfers.
 */
export async function recordPokerHandForMonitoring(tx: Tx, hand: PokerHandResult): Promise<number> {
  const messages = pokerHandMonitoringMessages(hand);
  // One statement for the hand's events (D-1791): a busy room settles dozens of hands a second.
  await enqueueOutboxMessages(tx, messages);
  return messages.length;
}

/** The chip transfers of `recordPokerHandForMonitoring` as outbox messages, for a commit that writes its own outbox rows (D-1793). */
export function pokerHandMonitoringMessages(hand: PokerHandResult): Array<{ topic: string; payload: object }> {
  const winners = hand.results.filter((r) => r.netMinor > 0n);
  const wonTotal = winners.reduce((sum, w) => sum + w.netMinor, 0n);
  const messages: Array<{ topic: string; payload: object }> = [];
  for (const loser of hand.results.filter((r) => r.netMinor < 0n)) {
    for (const winner of winners) {
      const amountMinor = (-loser.netMinor * winner.netMinor) / wonTotal;
      if (amountMinor <= 0n || winner.playerId === loser.playerId) continue;
      messages.push(
        monitoringEventMessage({
          kind: 'chip-transfer',
          eventId: newId(),
          playerId: loser.playerId,
          counterpartyPlayerId: winner.playerId,
          occurredAt: hand.occurredAt.toISOString(),
          amount: { amountMinor: amountMinor.toString(), currency: hand.currency },
          handId: hand.handId,
          tableId: hand.tableId,
        }),
      );
    }
  }
  return messages;
}

export interface PokerHandPlay {
  handId: string;
  tableId: string;
  occurredAt: Date;
  players: ReadonlyArray<{
    playerId: string;
    counterpartyPlayerId: string | null;
    headsUp: boolean;
    folded: boolean;
    actionDelaysMs: readonly number[];
    seatedMs: number;
  }>;
}

/**
 * The bot and fold-dumping hook the poker tables call when a hand is settled (000-001:FAIR-04,
 * FAIR-06, FAIR-12, 003:R-COND-B, R-COND-C, R-PD-02): one event per player of the hand, on the real
 * player id whatever the table showed (000-001:A-45).
 */
export async function recordPokerPlayForMonitoring(tx: Tx, hand: PokerHandPlay): Promise<number> {
  await enqueueOutboxMessages(tx, pokerPlayMonitoringMessages(hand));
  return hand.players.length;
}

/** The events of `recordPokerPlayForMonitoring` as outbox messages, for a commit that writes its own outbox rows (D-1793). */
export function pokerPlayMonitoringMessages(hand: PokerHandPlay): Array<{ topic: string; payload: object }> {
  return hand.players.map((player) =>
    monitoringEventMessage({
      kind: 'poker-play',
      eventId: newId(),
      playerId: player.playerId,
      occurredAt: hand.occurredAt.toISOString(),
      handId: hand.handId,
      tableId: hand.tableId,
      ...(player.counterpartyPlayerId ? { counterpartyPlayerId: player.counterpartyPlayerId } : {}),
      headsUp: player.headsUp,
      folded: player.folded,
      actionDelaysMs: [...player.actionDelaysMs].slice(0, 200),
      seatedMs: Math.max(0, Math.round(player.seatedMs)),
    }),
  );
}

/** The EUR equivalent of an amount at the configured rate, rounded half-even to the cent. */
export function eurEquivalentMinor(rules: ComplianceRules, amountMinor: bigint, currency: CurrencyCode): bigint {
  const rate = rules.monitoring.eurPerUnit[currency];
  assert(rate !== undefined, `No EUR rate configured for ${currency} (rules.monitoring.eurPerUnit)`);
  const money = Money.fromMinor(amountMinor, currency);
  return (currency === 'EUR' ? money : money.convert(rate, 'EUR', Rounding.HALF_EVEN)).toMinor();
}
