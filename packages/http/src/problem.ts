import { DomainError, errorCatalog, InvariantViolation, problemTypeUri, type ErrorCode } from '@casino/core';
import { z } from 'zod';

/** RFC 9457 problem details, as every error response of the platform carries them. */
export const ProblemSchema = z
  .object({
    type: z.string().describe('Stable URI naming the kind of problem; see docs/errors.md'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    requestId: z.string().describe('Quote this when contacting support; it finds the log lines'),
    field: z.string().optional().describe('The offending input, as a dotted path such as body.email'),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .passthrough()
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof ProblemSchema>;

export const problemContentType = 'application/problem+json; charset=utf-8';

export function problemOf(code: ErrorCode, detail: string, requestId: string, extra: Partial<Problem> = {}): Problem {
  const entry = errorCatalog[code];
  return { type: problemTypeUri(code), title: entry.title, status: entry.status, detail, requestId, ...extra };
}

export function problemFromDomainError(error: DomainError, requestId: string, instance: string): Problem {
  return { ...error.toProblem(instance), requestId } as Problem;
}

export function isInvariantViolation(error: unknown): error is InvariantViolation {
  return error instanceof InvariantViolation;
}

/** Response schemas for the error statuses a route can answer, to spread into `schema.response`. */
export function problemResponses(...statuses: number[]): Record<number, typeof ProblemSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ProblemSchema]));
}
