import { createHash, randomBytes } from 'node:crypto';
import { DomainError, newId } from '@casino/core';
import type { ProviderEvent, WebhookDispatcher } from './webhook-dispatcher.ts';

/**
 * The payment provider as the sandbox plays it: card tokenisation (the card number stays here),
 * payments with a 3-D Secure (or online-banking) step the test or a person completes, card
 * verification checks, payouts to bank accounts, refunds, chargebacks and incoming bank transfers,
 * each announced by webhook. Requests carrying the same Idempotency-Key return the first result.
 */
export interface ProviderSettings {
  /** false: the API answers 503 (the platform must retry or report the provider unavailable). */
  available: boolean;
  /** challenge: the payer completes 3-D Secure at redirectUrl; frictionless: it passes (or fails) by itself. */
  authentication: 'challenge' | 'frictionless';
  frictionlessOutcome: 'pass' | 'fail';
  /** immediate: `payment.settled` follows `payment.authorized` in one burst; manual: POST /control/psp/payments/{id}/settle. */
  settlement: 'immediate' | 'manual';
  /** How payouts end: paid or failed by themselves, or wait for POST /control/psp/payouts/{id}/outcome. */
  payoutOutcome: 'paid' | 'failed' | 'manual';
}

export const defaultProviderSettings: ProviderSettings = {
  available: true,
  authentication: 'challenge',
  frictionlessOutcome: 'pass',
  settlement: 'immediate',
  payoutOutcome: 'paid',
};

/** Test cards decide brand and issuer country (else the first digit does: 5 Mastercard, others Visa, CZ); 4000000000000002 is declined. */
const testCards: Record<string, { brand: string; country: string }> = {
  '4242424242424242': { brand: 'visa', country: 'CZ' },
  '5555555555554444': { brand: 'mastercard', country: 'DE' },
  '4000000000000077': { brand: 'visa', country: 'US' },
  '4000000000000002': { brand: 'visa', country: 'CZ' },
};
export const declinedCardNumber = '4000000000000002';
export const recordsMax = 100_000;

export interface Amount {
  amount: string;
  currency: string;
}
interface CardToken {
  token: string;
  number: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  issuerCountry: string;
  holderName: string;
  fingerprint: string;
}
interface Payment {
  id: string;
  reference: string;
  amount: Amount;
  method: { type: string; token?: string };
  status: 'requires-authentication' | 'authorized' | 'settled' | 'failed' | 'refunded' | 'charged-back';
  threeDSecure: 'passed' | 'failed' | 'not-applicable' | null;
  /** Where the payer's browser goes after the challenge page (the merchant's page); none: our own end page. */
  returnUrl: string | null;
}
interface Verification {
  id: string;
  reference: string;
  token: string;
  status: 'requires-authentication' | 'succeeded' | 'failed';
  returnUrl: string | null;
}
interface Payout {
  id: string;
  reference: string;
  amount: Amount;
  destination: { iban: string; holderName: string };
  status: 'processing' | 'paid' | 'failed';
}

class Bounded<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= recordsMax) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}

export class PaymentProviderSimulator {
  readonly #webhooks: WebhookDispatcher;
  #settings: ProviderSettings = { ...defaultProviderSettings };
  readonly #tokens = new Bounded<CardToken>();
  readonly #payments = new Bounded<Payment>();
  readonly #verifications = new Bounded<Verification>();
  readonly #payouts = new Bounded<Payout>();
  readonly #idempotent = new Bounded<{ kind: string; id: string }>();

  constructor(webhooks: WebhookDispatcher) {
    this.#webhooks = webhooks;
  }

  get settings(): ProviderSettings {
    return { ...this.#settings };
  }

  configure(settings: ProviderSettings): void {
    this.#settings = { ...settings };
  }

  reset(): void {
    this.#settings = { ...defaultProviderSettings };
    for (const map of [this.#tokens, this.#payments, this.#verifications, this.#payouts, this.#idempotent]) map.clear();
  }

  assertAvailable(): void {
    if (!this.#settings.available)
      throw new DomainError('service-unavailable', 'The sandbox payment provider is switched off (PUT /control/psp).');
  }

  tokenizeCard(card: { number: string; expiryMonth: number; expiryYear: number; holderName: string }): Omit<CardToken, 'number'> {
    const bin = testCards[card.number] ?? { brand: card.number.startsWith('5') ? 'mastercard' : 'visa', country: 'CZ' };
    const token: CardToken = {
      token: cardTokenOf(randomBytes(24)),
      number: card.number,
      brand: bin.brand,
      last4: card.number.slice(-4),
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      issuerCountry: bin.country,
      holderName: card.holderName,
      fingerprint: `fp_${createHash('sha256').update(card.number).digest('hex').slice(0, 24)}`,
    };
    this.#tokens.set(token.token, token);
    return publicToken(token);
  }

  describeToken(token: string): Omit<CardToken, 'number'> {
    const found = this.#tokens.get(token);
    if (!found) throw new DomainError('not-found', 'No such card token.', { field: 'params.token' });
    return publicToken(found);
  }

  #once<T>(kind: string, idempotencyKey: string, create: () => { id: string; result: T }, replay: (id: string) => T): T {
    const seen = this.#idempotent.get(idempotencyKey);
    if (seen) {
      if (seen.kind !== kind)
        throw new DomainError('idempotency-key-reused', 'This Idempotency-Key was used for another kind of request.');
      return replay(seen.id);
    }
    const { id, result } = create();
    this.#idempotent.set(idempotencyKey, { kind, id });
    return result;
  }

  createPayment(
    idempotencyKey: string,
    request: { reference: string; amount: Amount; method: { type: string; token?: string }; returnUrl?: string | undefined },
    baseUrl: string,
  ): { paymentId: string; status: string; redirectUrl: string | null } {
    return this.#once(
      'payment',
      idempotencyKey,
      () => {
        if (request.method.type === 'card' && !this.#tokens.has(request.method.token ?? ''))
          throw new DomainError('validation-failed', 'Unknown card token.', { field: 'body.method.token' });
        const payment: Payment = {
          id: `pay_${newId<string>().replace(/-/g, '')}`,
          reference: request.reference,
          amount: request.amount,
          method: request.method,
          status: 'requires-authentication',
          threeDSecure: null,
          returnUrl: request.returnUrl ?? null,
        };
        this.#payments.set(payment.id, payment);
        if (this.#settings.authentication === 'frictionless')
          queueMicrotask(() => this.authenticatePayment(payment.id, this.#settings.frictionlessOutcome));
        return { id: payment.id, result: this.#paymentAnswer(payment, baseUrl) };
      },
      (id) => this.#paymentAnswer(this.#payments.get(id)!, baseUrl),
    );
  }

  #paymentAnswer(payment: Payment, baseUrl: string) {
    const redirectUrl =
      payment.status === 'requires-authentication' && this.#settings.authentication === 'challenge'
        ? `${baseUrl}/psp/payments/${payment.id}/authentication`
        : null;
    return { paymentId: payment.id, status: payment.status, redirectUrl };
  }

  /** The payer completes (or fails) 3-D Secure or the bank's confirmation. A declined test card fails after it. */
  authenticatePayment(paymentId: string, outcome: 'pass' | 'fail'): { status: string } {
    const payment = this.#payments.get(paymentId);
    if (!payment) throw new DomainError('not-found', 'No such payment.', { field: 'params.paymentId' });
    if (payment.status !== 'requires-authentication') return { status: payment.status };
    const card = payment.method.type === 'card' ? this.#tokens.get(payment.method.token ?? '') : undefined;
    payment.threeDSecure = card ? (outcome === 'pass' ? 'passed' : 'failed') : 'not-applicable';
    if (outcome === 'fail' || card?.number === declinedCardNumber) {
      payment.status = 'failed';
      this.#publish([
        [
          'payment.failed',
          {
            ...this.#paymentData(payment),
            reason: outcome === 'fail' ? '3-D Secure authentication failed' : 'card declined by the issuer',
          },
        ],
      ]);
      return { status: payment.status };
    }
    payment.status = 'authorized';
    const burst: Array<[string, Record<string, unknown>]> = [['payment.authorized', this.#paymentData(payment)]];
    if (this.#settings.settlement === 'immediate') {
      payment.status = 'settled';
      burst.push(['payment.settled', this.#paymentData(payment)]);
    }
    this.#publish(burst);
    return { status: payment.status };
  }

  settlePayment(paymentId: string): void {
    const payment = this.#requirePayment(paymentId, ['authorized']);
    payment.status = 'settled';
    this.#publish([['payment.settled', this.#paymentData(payment)]]);
  }

  chargeBack(paymentId: string, reason: string): void {
    const payment = this.#requirePayment(paymentId, ['authorized', 'settled']);
    payment.status = 'charged-back';
    this.#publish([['payment.chargeback', { ...this.#paymentData(payment), reason }]]);
  }

  expirePayment(paymentId: string): void {
    const payment = this.#requirePayment(paymentId, ['requires-authentication']);
    payment.status = 'failed';
    this.#publish([['payment.expired', this.#paymentData(payment)]]);
  }

  #requirePayment(paymentId: string, statuses: Payment['status'][]): Payment {
    const payment = this.#payments.get(paymentId);
    if (!payment) throw new DomainError('not-found', 'No such payment.', { field: 'params.paymentId' });
    if (!statuses.includes(payment.status)) throw new DomainError('conflict', `The payment is ${payment.status}.`);
    return payment;
  }

  #paymentData(payment: Payment): Record<string, unknown> {
    return {
      paymentId: payment.id,
      reference: payment.reference,
      amount: payment.amount,
      ...(payment.threeDSecure ? { threeDSecure: payment.threeDSecure } : {}),
    };
  }

  createVerification(
    idempotencyKey: string,
    request: { reference: string; token: string; returnUrl?: string | undefined },
    baseUrl: string,
  ): { verificationId: string; redirectUrl: string | null } {
    return this.#once(
      'verification',
      idempotencyKey,
      () => {
        if (!this.#tokens.has(request.token))
          throw new DomainError('validation-failed', 'Unknown card token.', { field: 'body.token' });
        const verification: Verification = {
          id: `ver_${newId<string>().replace(/-/g, '')}`,
          reference: request.reference,
          token: request.token,
          status: 'requires-authentication',
          returnUrl: request.returnUrl ?? null,
        };
        this.#verifications.set(verification.id, verification);
        if (this.#settings.authentication === 'frictionless')
          queueMicrotask(() => this.authenticateVerification(verification.id, this.#settings.frictionlessOutcome));
        return {
          id: verification.id,
          result: {
            verificationId: verification.id,
            redirectUrl:
              this.#settings.authentication === 'challenge'
                ? `${baseUrl}/psp/verifications/${verification.id}/authentication`
                : null,
          },
        };
      },
      (id) => ({ verificationId: id, redirectUrl: null }),
    );
  }

  /** What the challenge page shows and where it sends the browser afterwards. */
  challengeOfPayment(paymentId: string): { amount: Amount; card: string | null; status: string; returnUrl: string | null } {
    const payment = this.#payments.get(paymentId);
    if (!payment) throw new DomainError('not-found', 'No such payment.', { field: 'params.paymentId' });
    const card = payment.method.type === 'card' ? this.#tokens.get(payment.method.token ?? '') : undefined;
    return {
      amount: payment.amount,
      card: card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : null,
      status: payment.status,
      returnUrl: payment.returnUrl,
    };
  }

  challengeOfVerification(verificationId: string): { card: string | null; status: string; returnUrl: string | null } {
    const verification = this.#verifications.get(verificationId);
    if (!verification) throw new DomainError('not-found', 'No such verification.', { field: 'params.verificationId' });
    const card = this.#tokens.get(verification.token);
    return {
      card: card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : null,
      status: verification.status,
      returnUrl: verification.returnUrl,
    };
  }

  authenticateVerification(verificationId: string, outcome: 'pass' | 'fail'): { status: string } {
    const verification = this.#verifications.get(verificationId);
    if (!verification) throw new DomainError('not-found', 'No such verification.', { field: 'params.verificationId' });
    if (verification.status !== 'requires-authentication') return { status: verification.status };
    verification.status = outcome === 'pass' ? 'succeeded' : 'failed';
    const data = { verificationId, reference: verification.reference, threeDSecure: outcome === 'pass' ? 'passed' : 'failed' };
    this.#publish([[outcome === 'pass' ? 'verification.succeeded' : 'verification.failed', data]]);
    return { status: verification.status };
  }

  createPayout(
    idempotencyKey: string,
    request: { reference: string; amount: Amount; destination: { iban: string; holderName: string } },
  ): { payoutId: string; status: string } {
    return this.#once(
      'payout',
      idempotencyKey,
      () => {
        const payout: Payout = {
          id: `po_${newId<string>().replace(/-/g, '')}`,
          reference: request.reference,
          amount: request.amount,
          destination: request.destination,
          status: 'processing',
        };
        this.#payouts.set(payout.id, payout);
        if (this.#settings.payoutOutcome !== 'manual') {
          const outcome = this.#settings.payoutOutcome;
          queueMicrotask(() => this.completePayout(payout.id, outcome));
        }
        return { id: payout.id, result: { payoutId: payout.id, status: payout.status } };
      },
      (id) => ({ payoutId: id, status: this.#payouts.get(id)!.status }),
    );
  }

  completePayout(payoutId: string, outcome: 'paid' | 'failed'): void {
    const payout = this.#payouts.get(payoutId);
    if (!payout) throw new DomainError('not-found', 'No such payout.', { field: 'params.payoutId' });
    if (payout.status !== 'processing') return;
    payout.status = outcome;
    const data = {
      payoutId,
      reference: payout.reference,
      amount: payout.amount,
      ...(outcome === 'failed' ? { reason: 'the beneficiary bank rejected the transfer' } : {}),
    };
    this.#publish([[outcome === 'paid' ? 'payout.paid' : 'payout.failed', data]]);
  }

  payouts(reference?: string): Payout[] {
    return [...this.#payouts.values()].filter((p) => reference === undefined || p.reference === reference);
  }

  payments(reference?: string): Payment[] {
    return [...this.#payments.values()].filter((p) => reference === undefined || p.reference === reference);
  }

  createRefund(idempotencyKey: string, request: { reference: string; paymentId: string; amount: Amount }): { refundId: string } {
    return this.#once(
      'refund',
      idempotencyKey,
      () => {
        const payment = this.#payments.get(request.paymentId);
        if (payment && (payment.status === 'refunded' || payment.status === 'charged-back'))
          throw new DomainError('conflict', `The payment is ${payment.status}.`);
        if (payment) payment.status = 'refunded';
        const refundId = `re_${newId<string>().replace(/-/g, '')}`;
        queueMicrotask(() =>
          this.#publish([
            [
              'refund.succeeded',
              { refundId, paymentId: request.paymentId, reference: request.reference, amount: request.amount },
            ],
          ]),
        );
        return { id: refundId, result: { refundId } };
      },
      (id) => ({ refundId: id }),
    );
  }

  /** Money arriving on the operator's account by bank transfer (an offline verification, 004:PAY-03 (4.3.4.2)). */
  receiveBankTransfer(transfer: { reference: string; payerAccount: string; payerName: string; amount: Amount }): {
    transferId: string;
  } {
    const transferId = `bt_${newId<string>().replace(/-/g, '')}`;
    this.#publish([['bank-transfer.received', { transferId, ...transfer }]]);
    return { transferId };
  }

  #publish(burst: Array<[string, Record<string, unknown>]>): void {
    const events: ProviderEvent[] = burst.map(([type, data]) => this.#webhooks.newEvent(type, data));
    this.#webhooks.publish(events);
  }
}

function publicToken(token: CardToken): Omit<CardToken, 'number'> {
  const { number: _number, ...rest } = token;
  return rest;
}

/**
 * A card token as a real provider issues one: random and, above all, never shaped like a card
 * number. Hex (or a UUID's digits) puts a run of 13–19 digits that passes Luhn in about one token in
 * two hundred, which the platform then refuses as a card number (004:PAY-06) and a test fails at
 * random; a letter between every pair of digits makes a digit run longer than two impossible.
 */
export function cardTokenOf(random: Uint8Array): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const digits = '23456789';
  let token = 'tok_';
  for (const [i, byte] of random.entries()) token += i % 3 === 2 ? digits[byte % digits.length] : letters[byte % letters.length];
  return token;
}
