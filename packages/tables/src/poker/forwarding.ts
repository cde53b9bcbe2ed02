import { randomUUID } from 'node:crypto';
import { assert, DomainError, isDomainError, isErrorCode } from '@casino/core';
import { redisReady, type Redis } from '@casino/db';

/**
 * Commands across instances (issue 16): a request for a table this instance does not drive is
 * published on the holder's own channel with a request id and this instance's channel to answer on;
 * the holder runs it on the table's queue and publishes the outcome back. Pub/sub delivers to a
 * subscriber that is there, so a lost holder means no answer: the caller gives up after the timeout
 * with 503 `table-unavailable` (Retry-After), and resolves the holder afresh next time. A retried
 * request carries the same command id, which the holder remembers per table (exactly once).
 */
export type ForwardOutcome = { ok: true; value: unknown } | { ok: false; error: WireError };

export interface WireError {
  code: string;
  detail: string;
  field?: string;
  extensions?: Record<string, unknown>;
}

type Envelope =
  | { kind: 'request'; requestId: string; replyTo: string; tableId: string; body: unknown }
  | { kind: 'reply'; requestId: string; outcome: ForwardOutcome };

export const instanceChannel = (prefix: string, instanceId: string) => `${prefix}:poker:instance:${instanceId}`;

/** The holder answers this when the table is not (or no longer) its own: the caller looks the holder up again. */
export const notHolderCode = 'not-holder';

export class NotHolder extends Error {
  override readonly name = 'NotHolder';
}

export interface ForwardingOptions {
  redis: Redis;
  prefix: string;
  instanceId: string;
  timeoutMs: number;
  /** Runs a request forwarded to this instance; throws DomainError for refusals, NotHolder when not driving the table. */
  serve: (tableId: string, body: unknown) => Promise<unknown>;
  onError: (error: unknown) => void;
}

export class Forwarding {
  private readonly subscriber: Redis;
  private readonly pending = new Map<string, { resolve: (outcome: ForwardOutcome) => void; timer: NodeJS.Timeout }>();
  private readonly serving = new Set<Promise<void>>();
  private readonly ownChannel: string;
  private started = false;

  constructor(private readonly options: ForwardingOptions) {
    assert(options.timeoutMs > 0, 'Forwarding: timeoutMs must be positive');
    this.ownChannel = instanceChannel(options.prefix, options.instanceId);
    this.subscriber = options.redis.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.ownChannel) this.receive(message);
    });
    // ioredis reconnects on its own; a broken subscription only costs timeouts meanwhile.
    this.subscriber.on('error', (error: unknown) => options.onError(error));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // Request connections have no offline queue: subscribing before the connection is up would fail.
    await redisReady(this.subscriber);
    await this.subscriber.subscribe(this.ownChannel);
  }

  /** Sends one request to the instance holding the table; resolves with its value or throws its refusal. */
  async forward(holderInstanceId: string, tableId: string, body: unknown): Promise<unknown> {
    const requestId = randomUUID();
    const outcome = await new Promise<ForwardOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        resolve({ ok: false, error: unavailable(tableId) });
      }, this.options.timeoutMs);
      timer.unref();
      this.pending.set(requestId, { resolve, timer });
      const envelope: Envelope = { kind: 'request', requestId, replyTo: this.options.instanceId, tableId, body };
      this.options.redis.publish(instanceChannel(this.options.prefix, holderInstanceId), encode(envelope)).then(
        (receivers) => {
          // Nobody subscribed: the holder is gone; no need to wait for the timeout.
          if (receivers === 0) this.settle(requestId, { ok: false, error: { code: notHolderCode, detail: 'no holder' } });
        },
        (error: unknown) => (this.options.onError(error), this.settle(requestId, { ok: false, error: unavailable(tableId) })),
      );
    });
    if (outcome.ok) return outcome.value;
    if (outcome.error.code === notHolderCode) throw new NotHolder(outcome.error.detail);
    throw toDomainError(outcome.error);
  }

  /** Stops serving and answering; requests still waiting get `table-unavailable`. */
  async close(): Promise<void> {
    for (const [requestId] of this.pending) this.settle(requestId, { ok: false, error: unavailable('') });
    await Promise.allSettled([...this.serving]);
    // Unsubscribed before the connection goes: a request published after close finds no receiver
    // (and is re-routed at once) instead of waiting for a reply that never comes.
    await this.subscriber.unsubscribe(this.ownChannel).catch(() => undefined);
    this.subscriber.disconnect();
  }

  private settle(requestId: string, outcome: ForwardOutcome): void {
    const waiting = this.pending.get(requestId);
    if (!waiting) return;
    this.pending.delete(requestId);
    clearTimeout(waiting.timer);
    waiting.resolve(outcome);
  }

  private receive(message: string): void {
    const envelope = decode(message) as Envelope;
    if (envelope.kind === 'reply') {
      this.settle(envelope.requestId, envelope.outcome);
      return;
    }
    const work = this.options
      .serve(envelope.tableId, envelope.body)
      .then(
        (value): ForwardOutcome => ({ ok: true, value }),
        (error: unknown): ForwardOutcome => ({ ok: false, error: toWireError(error, this.options.onError) }),
      )
      .then(async (outcome) => {
        const reply: Envelope = { kind: 'reply', requestId: envelope.requestId, outcome };
        await this.options.redis.publish(instanceChannel(this.options.prefix, envelope.replyTo), encode(reply));
      })
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => this.serving.delete(work));
    this.serving.add(work);
  }
}

export function unavailable(tableId: string): WireError {
  return {
    code: 'table-unavailable',
    detail: `The table${tableId ? ` ${tableId}` : ''} is being taken over by another server; try again in a moment.`,
  };
}

function toWireError(error: unknown, onError: (error: unknown) => void): WireError {
  if (error instanceof NotHolder) return { code: notHolderCode, detail: error.message };
  if (isDomainError(error)) {
    return {
      code: error.code,
      detail: error.detail,
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.extensions === undefined ? {} : { extensions: { ...error.extensions } }),
    };
  }
  // A bug on the holder: logged there, a 500 here (never a refusal the client could act on).
  onError(error);
  return { code: 'internal-error', detail: 'The table could not process the request.' };
}

function toDomainError(error: WireError): DomainError {
  const code = isErrorCode(error.code) ? error.code : 'internal-error';
  return new DomainError(code, error.detail, {
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.extensions === undefined ? {} : { extensions: error.extensions }),
  });
}

/** JSON with bigints (amounts in minor units travel exactly). */
export function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

export function decode(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && '$bigint' in v && Object.keys(v).length === 1
      ? BigInt((v as { $bigint: string }).$bigint)
      : v,
  );
}
