import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId, type Clock } from '@casino/core';

/**
 * Delivers the simulated provider's events to the platform as signed webhooks (Standard Webhooks:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`),
 * like a real provider: every event is retried with exponential backoff until it is acknowledged
 * with a 2xx, refused as final (400: the event itself is invalid, D-1424) or the attempts run out. On request it also misbehaves the ways real providers do:
 * duplicates (sent at once, to race each other), reordering of the events of one burst, delays,
 * first attempts with a broken signature, and a skewed clock.
 *
 * The signer is written here on purpose, not imported from the platform: a bug shared by the signer
 * and the verifier would cancel out and go unnoticed.
 */
export interface WebhookSettings {
  url: string | null;
  /** Every delivery is signed with each of these (several during a key rotation). */
  secrets: string[];
  /** Extra copies of every event, delivered concurrently with the first. */
  duplicates: number;
  /** Deliver the events of one burst (authorized + settled, say) last first. */
  reorder: boolean;
  /** Wait this long before delivering a burst. */
  delayMs: number;
  /** The first N attempts of every event carry a wrong signature (the platform answers 401, then the retry succeeds). */
  corruptFirstAttempts: number;
  /** Added to the `webhook-timestamp` of every attempt. */
  timestampSkewSeconds: number;
  retry: { attemptsMax: number; baseMs: number; maxMs: number };
  timeoutMs: number;
}

/** Answers after which an event is not delivered again (413 and 415 are as final as 400: the same bytes get the same answer). */
export const finalRefusalStatuses: ReadonlySet<number> = new Set([400, 413, 415]);

export interface ProviderEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  timestamp: string;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  reference: string | null;
  attempt: number;
  copy: number;
  status: number | null;
  error: string | null;
  signatureCorrupted: boolean;
  at: string;
}

export const deliveryRecordsMax = 5_000;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function defaultWebhookSettings(url: string | null, secrets: string[]): WebhookSettings {
  return {
    url,
    secrets,
    duplicates: 0,
    reorder: false,
    delayMs: 0,
    corruptFirstAttempts: 0,
    timestampSkewSeconds: 0,
    retry: { attemptsMax: 8, baseMs: 1_000, maxMs: 60_000 },
    timeoutMs: 5_000,
  };
}

export class WebhookDispatcher {
  readonly #clock: Clock;
  readonly #shutdown: AbortSignal;
  #settings: WebhookSettings;
  #records: DeliveryRecord[] = [];
  readonly #events = new Map<string, ProviderEvent>();
  #inFlight = 0;

  constructor(clock: Clock, settings: WebhookSettings, shutdown: AbortSignal) {
    this.#clock = clock;
    this.#settings = settings;
    this.#shutdown = shutdown;
  }

  get settings(): WebhookSettings {
    return structuredClone(this.#settings);
  }

  configure(settings: WebhookSettings): void {
    this.#settings = structuredClone(settings);
  }

  /** Deliveries under way (first attempts and retries); tests wait for zero. */
  get inFlight(): number {
    return this.#inFlight;
  }

  event(id: string): ProviderEvent | undefined {
    return this.#events.get(id);
  }

  events(reference?: string): ProviderEvent[] {
    return [...this.#events.values()].filter((e) => reference === undefined || e.data.reference === reference);
  }

  records(filter: { reference?: string | undefined; eventId?: string | undefined }): DeliveryRecord[] {
    return this.#records.filter(
      (r) =>
        (filter.reference === undefined || r.reference === filter.reference) &&
        (filter.eventId === undefined || r.eventId === filter.eventId),
    );
  }

  clear(): void {
    this.#records = [];
    this.#events.clear();
  }

  newEvent(type: string, data: Record<string, unknown>): ProviderEvent {
    const event = { id: `evt_${newId<string>().replace(/-/g, '')}`, type, data, timestamp: this.#clock.now().toISOString() };
    if (this.#events.size >= deliveryRecordsMax) this.#events.delete(this.#events.keys().next().value!);
    this.#events.set(event.id, event);
    return event;
  }

  /** Delivers a burst of events (in the background), honouring the misbehaviour settings. */
  publish(events: ProviderEvent[]): void {
    const settings = this.settings;
    if (settings.url === null || events.length === 0) return;
    const ordered = settings.reorder ? [...events].reverse() : events;
    this.#track(
      (async () => {
        if (settings.delayMs > 0) await sleep(settings.delayMs, undefined, { signal: this.#shutdown }).catch(() => undefined);
        for (const event of ordered) {
          // Copies race each other; the next event waits for this one's first attempts, so the order holds.
          await Promise.all(
            Array.from({ length: 1 + settings.duplicates }, (_, copy) => this.#deliverWithRetries(event, settings, copy)),
          );
        }
      })(),
    );
  }

  /** The same event again, hours later as far as the platform can tell. */
  redeliver(eventId: string): boolean {
    const event = this.#events.get(eventId);
    if (!event) return false;
    this.#track(this.#deliverWithRetries(event, { ...this.settings, corruptFirstAttempts: 0 }, 0));
    return true;
  }

  #track(work: Promise<unknown>): void {
    this.#inFlight++;
    void work.finally(() => this.#inFlight--);
  }

  /** First attempt now; failed ones again after baseMs, 2×, 4×… (capped), until acknowledged or out of attempts. */
  async #deliverWithRetries(event: ProviderEvent, settings: WebhookSettings, copy: number): Promise<void> {
    const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
    for (let attempt = 1; attempt <= settings.retry.attemptsMax && !this.#shutdown.aborted; attempt++) {
      const corrupt = attempt <= settings.corruptFirstAttempts;
      const outcome = await this.#attempt(event, body, settings, corrupt);
      this.#record({
        eventId: event.id,
        type: event.type,
        reference: typeof event.data.reference === 'string' ? event.data.reference : null,
        attempt,
        copy,
        ...outcome,
        signatureCorrupted: corrupt,
        at: this.#clock.now().toISOString(),
      });
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) return;
      // The platform's contract (docs/cashier.md): 400 means this event can never be accepted, so a
      // retry would only repeat it; 401 (a key rotating) and 5xx are worth another attempt.
      if (outcome.status !== null && finalRefusalStatuses.has(outcome.status)) return;
      const waitMs = Math.min(settings.retry.maxMs, settings.retry.baseMs * 2 ** (attempt - 1));
      await sleep(waitMs, undefined, { signal: this.#shutdown }).catch(() => undefined);
    }
  }

  async #attempt(
    event: ProviderEvent,
    body: string,
    settings: WebhookSettings,
    corrupt: boolean,
  ): Promise<{ status: number | null; error: string | null }> {
    // The header's text is what is signed (Standard Webhooks): one string, written once, used for both.
    const timestamp = String(Math.floor(this.#clock.now().getTime() / 1000) + settings.timestampSkewSeconds);
    const signatures = settings.secrets.map((secret) => sign(secret, event.id, timestamp, corrupt ? `${body} ` : body));
    try {
      const response = await fetch(settings.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': event.id,
          'webhook-timestamp': timestamp,
          'webhook-signature': signatures.join(' '),
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(settings.timeoutMs), this.#shutdown]),
      });
      await response.body?.cancel();
      return { status: response.status, error: null };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.name : 'error' };
    }
  }

  #record(record: DeliveryRecord): void {
    this.#records.push(record);
    if (this.#records.length > deliveryRecordsMax) this.#records.splice(0, this.#records.length - deliveryRecordsMax);
  }
}

function sign(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
