import { z } from 'zod';

export const AliasBodySchema = z.object({ alias: z.string().min(1).max(40).describe('Chosen once: it cannot be changed later') });
export const AliasSchema = z.object({
  alias: z.string(),
  chosenAt: z.string(),
  replacedAt: z.string().nullable().describe('When staff replaced an unsuitable alias'),
});
export const MyAliasSchema = z.object({ alias: AliasSchema.nullable() });

export const OrderBodySchema = z.object({
  templateTableId: z.uuid().describe('The standard table whose game, stakes and rules the private table copies'),
  name: z.string().min(1).max(60),
  gameDay: z.iso.date().describe("The day the table is open (the operator's calendar), at least a day ahead"),
  seatsMax: z.number().int().min(2).max(10),
  termsAccepted: z.boolean().describe('The private-table terms: the password is yours and your invitees to keep'),
});
export const OrderParamsSchema = z.object({ orderId: z.uuid() });
export const InviteBodySchema = z.object({ emails: z.array(z.email()).min(1).max(20) });
export const InvitedSchema = z.object({ invited: z.number().int() });
export const PasswordBodySchema = z.object({ password: z.string().min(1).max(100) });
export const OkSchema = z.object({ ok: z.literal(true) });

export const OrderSchema = z.object({
  orderId: z.string(),
  templateTableId: z.string(),
  name: z.string(),
  gameDay: z.string(),
  seatsMax: z.number().int(),
  status: z.enum(['PENDING', 'APPROVED', 'DECLINED', 'STOPPED']),
  tableId: z.string().nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
});
export const OrdersSchema = z.object({ orders: z.array(OrderSchema) });
