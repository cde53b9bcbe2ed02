/**
 * Captures the platform's outgoing e-mail and SMS instead of delivering them, so a test (or a
 * person at the keyboard) can read the confirmation link or the verification code. Only the most
 * recent messages are kept: the sandbox may run for days under `npm start`.
 */
export const capturedMessagesMax = 1_000;

export interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

export interface CapturedSms {
  id: string;
  to: string;
  text: string;
  receivedAt: string;
}

export class CapturedInbox<M extends { to: string }> {
  readonly #capacity: number;
  readonly #addressKey: (to: string) => string;
  /** Oldest first, so the oldest is the one dropped. */
  #messages: M[] = [];

  constructor(options: { capacity: number; addressKey: (to: string) => string }) {
    if (!(Number.isInteger(options.capacity) && options.capacity > 0))
      throw new RangeError('capacity must be a positive integer');
    this.#capacity = options.capacity;
    this.#addressKey = options.addressKey;
  }

  add(message: M): void {
    this.#messages.push(message);
    if (this.#messages.length > this.#capacity) this.#messages.splice(0, this.#messages.length - this.#capacity);
  }

  /** Newest first, optionally only those to one address. */
  list(options: { to?: string | undefined; limit: number }): M[] {
    const key = options.to === undefined ? undefined : this.#addressKey(options.to);
    const matching = key === undefined ? this.#messages : this.#messages.filter((m) => this.#addressKey(m.to) === key);
    return matching.slice(-options.limit).reverse();
  }

  clear(): number {
    const count = this.#messages.length;
    this.#messages = [];
    return count;
  }
}

/** E-mail addresses compare without case; phone numbers without spaces. */
export const mailAddressKey = (to: string): string => to.trim().toLowerCase();
export const phoneNumberKey = (to: string): string => to.replace(/\s+/g, '');
