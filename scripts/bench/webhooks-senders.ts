/**
 * `bench:webhooks`' senders (issue 22): the payment provider's concurrent deliveries in a process of
 * their own, so the gateway (the bench's main process) has its event loop and CPU to itself and the
 * senders' cost (signing, HTTP) is measured apart from it, as `bench:games` does with its players
 * (D-2265). Started by webhooks.ts with `fork`; gets the plan as its first message, answers the
 * latencies of the deliveries answered 200, the failures and the seconds the run took.
 */
import { signWebhook } from '@casino/cashier';
import { benchHttpClient } from './http-client.ts';

export interface WebhookDelivery {
  id: string;
  body: string;
  duplicate: boolean;
}

export interface SendersPlan {
  baseUrl: string;
  provider: string;
  secret: string;
  senders: number;
  queue: WebhookDelivery[];
}

export interface SendersResult {
  latencies: number[];
  failures: string[];
  seconds: number;
}

/** Deliveries off the shared queue, one at a time per sender, each signed as the provider signs it. */
export async function sendDeliveries(
  request: ReturnType<typeof benchHttpClient>,
  plan: Omit<SendersPlan, 'senders'>,
  latencies: number[],
  failures: string[],
): Promise<void> {
  for (let delivery = plan.queue.shift(); delivery; delivery = plan.queue.shift()) {
    const timestamp = Math.floor(Date.now() / 1000);
    const t0 = performance.now();
    const response = await request(`${plan.baseUrl}/v1/webhooks/${plan.provider}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(plan.secret, delivery.id, timestamp, delivery.body),
      },
      body: delivery.body,
    });
    if (response.status === 200) latencies.push(performance.now() - t0);
    else if (failures.length < 5) failures.push(`${response.status} ${response.text.slice(0, 200)}`);
  }
}

if (process.send) {
  // Loaded (tsx's compilation and the imports cost CPU too): the parent samples CPU from here on.
  process.send({ ready: true });
  process.once('message', (plan: SendersPlan) => {
    const request = benchHttpClient(plan.senders);
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    Promise.all(Array.from({ length: plan.senders }, () => sendDeliveries(request, plan, latencies, failures))).then(
      () => {
        const result: SendersResult = { latencies, failures, seconds: (performance.now() - started) / 1000 };
        process.send!(result, () => process.disconnect());
      },
      (error: unknown) => {
        console.error(`bench:webhooks senders failed: ${(error as Error).stack ?? String(error)}`);
        process.exit(1);
      },
    );
  });
}
