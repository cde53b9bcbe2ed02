import { problemResponses, UuidCursorSchema } from '@casino/http';
import { z } from 'zod';

export const security = [{ staffToken: [] }];
export const ReasonSchema = z.string().trim().min(5).max(2_000).describe('Why: recorded in the audit log');
export const PageLimitSchema = z.coerce.number().int().min(1).max(200).default(50);
/** Alerts and cases page by id: a cursor that is not a UUID is refused rather than sent to the database. */
export const CursorSchema = UuidCursorSchema.optional();
export const adminProblems = problemResponses(400, 401, 403, 404, 409, 413, 422, 429);
export const OkSchema = z.object({ ok: z.literal(true) });
export const IsoDate = z.string().describe('ISO 8601 date-time');
