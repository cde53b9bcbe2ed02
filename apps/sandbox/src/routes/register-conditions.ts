import { setTimeout as sleep } from 'node:timers/promises';
import { problemOf, sendProblem } from '@casino/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MinistryRegisters, RegisterName } from '../state/ministry.ts';

/**
 * How long the timeout mode holds a request: longer than any client should wait (the platform's
 * default is 2 s), shorter than the server's 30 s connection timeout so the sandbox still ends the
 * exchange with its own 503 rather than a cut socket.
 */
export const timeoutHoldMs = 25_000;

const registerLabels: Record<RegisterName, string> = { identity: 'basic (identity)', excludedPersons: 'excluded persons' };

/**
 * An `onRequest` hook for a register's route: counts the call (before the body is even parsed, so
 * every attempt a client makes shows), adds the configured latency, and fails the way the control
 * surface says. A hold ends early when the client gives up or the sandbox closes, so neither a
 * test nor `app.close()` waits out the 25 s. The 503 is sent, not thrown: a simulated outage is
 * not a sandbox failure and must not fill its log with error stacks.
 */
export function simulateRegisterConditions(ministry: MinistryRegisters, register: RegisterName, shutdown: AbortSignal) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    ministry.countCall(register);
    const conditions = ministry.conditions(register);
    if (conditions.available && conditions.latencyMs === 0) return undefined;
    const signal = AbortSignal.any([shutdown, connectionClosed(reply)]);
    await pause(conditions.latencyMs, signal);
    if (conditions.available) return undefined;
    if (conditions.mode === 'timeout') await pause(timeoutHoldMs, signal);
    const detail = `The sandbox's ${registerLabels[register]} register is switched off (PUT /control/mf).`;
    return sendProblem(reply, problemOf('service-unavailable', detail, request.id, { instance: request.url }));
  };
}

function connectionClosed(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // A response closes either after it was sent or when the client went away; before sending, only the latter.
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms === 0 || signal.aborted) return;
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}
