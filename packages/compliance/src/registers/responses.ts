import { z } from 'zod';
import type { ExcludedPersonsCheck, ExclusionEntry, IdentityVerification } from './types.ts';

/**
 * The registers' answers as the client accepts them. Anything else, including a contradictory
 * answer, is malformed (the readers return null) and the caller answers `unavailable`: a response we
 * do not understand must never be read as a positive answer.
 */
const ReferenceSchema = z.string().min(1).max(200);

const IdentityResponseSchema = z.discriminatedUnion('result', [
  z.object({
    result: z.literal('verified'),
    reference: ReferenceSchema,
    mismatchedFields: z.array(z.string()).max(0).optional(),
  }),
  z.object({ result: z.literal('not-found'), reference: ReferenceSchema }),
  z.object({
    result: z.literal('mismatch'),
    mismatchedFields: z.array(z.string().min(1).max(50)).min(1).max(20),
    reference: ReferenceSchema,
  }),
]);

const ExcludedPersonsResponseSchema = z
  .object({ listed: z.boolean(), listedSince: z.iso.date().optional(), reference: ReferenceSchema })
  .refine((answer) => answer.listed || answer.listedSince === undefined, {
    message: 'a person who is not listed has no listing date',
  });

export function readIdentityVerification(body: unknown): IdentityVerification | null {
  const parsed = IdentityResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const answer = parsed.data;
  if (answer.result === 'mismatch')
    return { status: 'mismatch', mismatchedFields: answer.mismatchedFields, reference: answer.reference };
  return { status: answer.result, reference: answer.reference };
}

/** `checkedAt` is when the answer arrived: the moment the platform may rely on. */
export function readExcludedPersonsCheck(body: unknown, checkedAt: string): ExcludedPersonsCheck | null {
  const parsed = ExcludedPersonsResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const { listed, listedSince, reference } = parsed.data;
  if (!listed) return { status: 'not-listed', reference, checkedAt };
  return listedSince === undefined
    ? { status: 'listed', reference, checkedAt }
    : { status: 'listed', listedSince, reference, checkedAt };
}

/** Only a confirmed listing is an entry: anything else is malformed and the caller answers `unavailable`. */
const ExclusionEntryResponseSchema = z.object({ listed: z.literal(true), listedSince: z.iso.date(), reference: ReferenceSchema });

export function readExclusionEntry(body: unknown): ExclusionEntry | null {
  const parsed = ExclusionEntryResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  return { status: 'entered', listedSince: parsed.data.listedSince, reference: parsed.data.reference };
}
