import { DomainError, newId, pragueDate } from '@casino/core';
import { sqlStateOf, transaction, type Tx } from '@casino/db';
import { accountNumbersOf, providerOf, type CashierContext } from './context.ts';
import { isValidIban, maskIban, normaliseIban } from './iban.ts';
import { matchHolderName, type NameMatch } from './names.ts';
import type { CardDetails } from './ports.ts';
import type { Instrument } from './rules.ts';
import { paymentMethodView, type PaymentMethodView } from './views.ts';

export type PaymentMethodInput =
  | { kind: 'bank-account'; iban: string; holderName: string }
  /** `token` comes from the provider's card tokenisation; the card number never reaches the platform (004:PAY-06). */
  | { kind: 'card'; token: string }
  | {
      kind: 'other';
      instrument: Extract<Instrument, 'apple-pay' | 'paypal' | 'paysafecard' | 'other'>;
      account: string;
      holderName: string;
      issuerCountry: string;
    };

export interface RegisterPaymentMethodOptions {
  playerId: string;
  method: PaymentMethodInput;
}

interface NewMethod {
  kind: 'BANK_ACCOUNT' | 'CARD' | 'OTHER';
  instrument: Instrument;
  holderName: string;
  country: string;
  display: string;
  accountNumberEncrypted?: string;
  accountNumberHash?: string;
  providerToken?: string;
  card?: CardDetails;
}

/**
 * Registers a payment method (004:PAY-01..06, 002:PM-01..05): a bank account with a provider in
 * the Czech Republic (EU/EEA in 002's profile), a card issued in the EU/EEA (its provider token,
 * brand, last four digits and expiry only), or another instrument. The holder must be the player.
 * A new method is `registered`: it is verified next, by its deadline (PAY-07).
 */
export async function registerPaymentMethod(
  ctx: CashierContext,
  options: RegisterPaymentMethodOptions,
): Promise<PaymentMethodView> {
  const prepared = await prepare(ctx, options.method);
  const now = ctx.clock.now();
  try {
    return await transaction(ctx.db, async (tx) => {
      const player = await tx.player.findUnique({
        where: { id: options.playerId },
        select: { state: true, firstName: true, surname: true },
      });
      if (!player) throw new DomainError('not-found', 'No such player.');
      // An applicant whose contract was concluded at a branch registers the payment account that
      // completes the registration there (004:REG-15, REG-16).
      const atBranch =
        player.state === 'APPLICANT' &&
        (await tx.branchContract.findUnique({ where: { playerId: options.playerId }, select: { concludedAt: true } }))
          ?.concludedAt;
      if (player.state !== 'TEMPORARY' && player.state !== 'REGISTERED' && !atBranch)
        throw new DomainError('account-not-active', `A ${player.state.toLowerCase()} account cannot register payment methods.`);
      const match = assertHolder(prepared.holderName, player);
      await assertNotRegisteredElsewhere(tx, options.playerId, prepared);
      const id = newId<string>();
      const row = await tx.paymentMethod.create({
        data: {
          id,
          playerId: options.playerId,
          kind: prepared.kind,
          instrument: prepared.instrument,
          status: 'REGISTERED',
          holderName: prepared.holderName,
          holderNameExact: match === 'exact',
          country: prepared.country,
          display: prepared.display,
          accountNumberEncrypted: prepared.accountNumberEncrypted ?? null,
          accountNumberHash: prepared.accountNumberHash ?? null,
          providerToken: prepared.providerToken ?? null,
          cardBrand: prepared.card?.brand ?? null,
          cardLast4: prepared.card?.last4 ?? null,
          cardExpiryMonth: prepared.card?.expiryMonth ?? null,
          cardExpiryYear: prepared.card?.expiryYear ?? null,
          cardFingerprint: prepared.card?.fingerprint ?? null,
          verificationDeadlineAt: new Date(now.getTime() + ctx.rules.verificationDeadlineDays * 86_400_000),
          createdAt: now,
          updatedAt: now,
        },
      });
      await tx.paymentMethodTransition.create({
        data: {
          paymentMethodId: id,
          fromStatus: null,
          toStatus: 'REGISTERED',
          reason: `registered (${prepared.instrument})`,
          actor: 'player',
          at: now,
        },
      });
      await ctx.guards.recordMonitoringEvent(tx, {
        kind: 'payment-method-change',
        playerId: options.playerId,
        occurredAt: now,
        action: 'added',
        paymentMethodId: id,
        methodType: prepared.instrument,
      });
      return paymentMethodView(row);
    });
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new DomainError('conflict', 'This payment method is already registered.');
    throw error;
  }
}

async function prepare(ctx: CashierContext, input: PaymentMethodInput): Promise<NewMethod> {
  switch (input.kind) {
    case 'bank-account': {
      const iban = normaliseIban(input.iban);
      if (!isValidIban(iban))
        throw new DomainError('validation-failed', 'The account number is not a valid IBAN.', { field: 'body.iban' });
      const country = iban.slice(0, 2);
      if (!ctx.rules.bankCountries.includes(country)) {
        throw new DomainError(
          'payment-method-not-eligible',
          `Only accounts with a payment service provider authorised in ${ctx.rules.bankCountries.join(', ')} can be registered (004:PAY-02).`,
          { field: 'body.iban' },
        );
      }
      const protector = accountNumbersOf(ctx);
      return {
        kind: 'BANK_ACCOUNT',
        instrument: 'bank-transfer',
        holderName: input.holderName.trim(),
        country,
        display: maskIban(iban),
        accountNumberEncrypted: protector.encrypt(iban),
        accountNumberHash: protector.blindIndex(`iban|${iban}`),
      };
    }
    case 'card': {
      const card = await providerOf(ctx).describeCardToken(input.token);
      if (!ctx.rules.issuerCountries.includes(card.issuerCountry)) {
        throw new DomainError(
          'payment-method-not-eligible',
          'Only cards issued in the EU or the EEA can be registered (004:PAY-02, 002:PM-04).',
          { field: 'body.token' },
        );
      }
      if (isExpired(card, pragueDate(ctx.clock.now())))
        throw new DomainError('payment-method-not-eligible', 'The card has expired.', { field: 'body.token' });
      return {
        kind: 'CARD',
        instrument: 'card',
        holderName: card.holderName.trim(),
        country: card.issuerCountry,
        display: `${card.brand.toUpperCase()} •••• ${card.last4}`,
        providerToken: input.token,
        card,
      };
    }
    case 'other': {
      if (!ctx.rules.issuerCountries.includes(input.issuerCountry)) {
        throw new DomainError(
          'payment-method-not-eligible',
          'Only instruments of EU or EEA payment service providers can be registered (004:PAY-02).',
          { field: 'body.issuerCountry' },
        );
      }
      const account = input.account.trim();
      return {
        kind: 'OTHER',
        instrument: input.instrument,
        holderName: input.holderName.trim(),
        country: input.issuerCountry,
        display: `${input.instrument} ${maskAccount(account)}`,
      };
    }
  }
}

export function isExpired(card: { expiryMonth: number; expiryYear: number }, today: string): boolean {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return card.expiryYear < year || (card.expiryYear === year && card.expiryMonth < month);
}

function maskAccount(account: string): string {
  return account.length <= 4 ? '••••' : `${account.slice(0, 1)}•••${account.slice(-3)}`;
}

function assertHolder(holderName: string, player: { firstName: string; surname: string }): NameMatch {
  const match = matchHolderName(holderName, player);
  if (match === 'none') {
    throw new DomainError(
      'holder-name-mismatch',
      "The payment method's holder must be the player: the names differ (004:PAY-02, 002:PM-05).",
      { field: 'body.holderName' },
    );
  }
  return match;
}

/** One account or card per person: the same instrument on another player's account is someone else's means (004:TRM-10 (iv)). */
async function assertNotRegisteredElsewhere(tx: Tx, playerId: string, method: NewMethod): Promise<void> {
  const sameInstrument = method.accountNumberHash
    ? { accountNumberHash: method.accountNumberHash }
    : method.card
      ? { cardFingerprint: method.card.fingerprint }
      : null;
  if (!sameInstrument) return;
  const existing = await tx.paymentMethod.findFirst({
    where: { ...sameInstrument, status: { notIn: ['REMOVED', 'REJECTED'] } },
    select: { playerId: true },
  });
  if (!existing) return;
  if (existing.playerId === playerId)
    throw new DomainError('conflict', 'This payment method is already registered; renew a card instead of adding it again.');
  throw new DomainError('payment-method-not-eligible', 'This payment method is registered to another account.');
}
