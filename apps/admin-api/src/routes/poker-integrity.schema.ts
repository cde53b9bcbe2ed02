import { MoneyOutputSchema } from '@casino/http';
import { z } from 'zod';
import { IsoDate, ReasonSchema } from './common.schema.ts';

export const PlayerParamsSchema = z.object({ playerId: z.uuid() });
export const SeparationParamsSchema = z.object({ separationId: z.uuid() });
export const OrderParamsSchema = z.object({ orderId: z.uuid() });
export const TableParamsSchema = z.object({ tableId: z.uuid() });

export const SuspendBodySchema = z.object({
  scope: z.enum(['poker', 'live-games']).describe('poker: the poker room; live-games: every live game table'),
  reason: ReasonSchema,
});
export const LiftBodySchema = z.object({ reason: ReasonSchema.describe('What the investigation found') });
export const SeparateBodySchema = z.object({
  playerIds: z.tuple([z.uuid(), z.uuid()]).describe('The two players who may not sit at the same table'),
  reason: ReasonSchema,
});
export const RemoveBodySchema = z.object({ reason: ReasonSchema });
export const ReplaceAliasBodySchema = z.object({ alias: z.string().min(1).max(40), reason: ReasonSchema });
export const DecisionBodySchema = z.object({ approve: z.boolean(), reason: ReasonSchema });
export const ClawbackBodySchema = z.object({
  handIds: z.array(z.uuid()).min(1).max(500).describe('The hands won by forbidden play'),
  reason: ReasonSchema,
});
export const AnonymousBodySchema = z.object({ anonymous: z.boolean() });
export const OrderQuerySchema = z.object({ status: z.enum(['PENDING', 'APPROVED', 'DECLINED', 'STOPPED']).optional() });

export const SuspensionSchema = z.object({
  suspensionId: z.string(),
  playerId: z.string(),
  scope: z.enum(['poker', 'live-games']),
  reason: z.string(),
  suspendedBy: z.string(),
  suspendedAt: IsoDate,
  liftedBy: z.string().nullable(),
  liftedAt: IsoDate.nullable(),
  liftReason: z.string().nullable(),
});
export const SeparationSchema = z.object({
  separationId: z.string(),
  playerIds: z.array(z.string()),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: IsoDate,
  removedAt: IsoDate.nullable(),
});
export const AliasSchema = z.object({
  playerId: z.string(),
  alias: z.string(),
  chosenAt: IsoDate,
  replacedAt: IsoDate.nullable(),
});
export const PlayerIntegritySchema = z.object({
  alias: AliasSchema.nullable(),
  suspensions: z.array(SuspensionSchema),
  separations: z.array(SeparationSchema),
});
export const OrderSchema = z.object({
  orderId: z.string(),
  playerId: z.string(),
  templateTableId: z.string(),
  name: z.string(),
  gameDay: z.string(),
  seatsMax: z.number().int(),
  status: z.enum(['PENDING', 'APPROVED', 'DECLINED', 'STOPPED']),
  tableId: z.string().nullable(),
  opensAt: IsoDate.nullable(),
  closesAt: IsoDate.nullable(),
  decisionReason: z.string().nullable(),
  createdAt: IsoDate,
});
export const OrdersSchema = z.object({ orders: z.array(OrderSchema) });
export const ClawbackSchema = z.object({
  clawbackId: z.string(),
  playerId: z.string(),
  amount: MoneyOutputSchema,
  paidTo: z
    .enum(['losers', 'operator'])
    .describe("The profile's rule: back to the players who lost it (SE), or held by the operator"),
  distribution: z.array(z.object({ playerId: z.string(), amount: MoneyOutputSchema })),
  ledgerTransactionId: z.string(),
});
