import { toJsonValue, type Actor } from '@casino/compliance';
import { assert, type StaffUserId } from '@casino/core';
import type { FastifyRequest } from 'fastify';

/** The staff user behind a request (its route authorised them), as the compliance package's actor. */
export function staffActor(request: FastifyRequest): Actor & { kind: 'staff' } {
  const principal = request.principal;
  assert(principal?.audience === 'staff', 'staffActor on a route without staff authorisation');
  return { kind: 'staff', staffUserId: principal.subject as StaffUserId, roles: principal.roles, requestId: request.id };
}

/** Domain rows as JSON: dates to ISO strings, bigints (minor units, sequence numbers) to decimal strings. */
export function json<T>(value: T): unknown {
  return toJsonValue(value);
}
