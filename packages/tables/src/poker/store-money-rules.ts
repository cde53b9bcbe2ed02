import { DomainError, Money, type CurrencyCode } from '@casino/core';
import * as ledger from '@casino/ledger';

/**
 * What the buy-in and top-up paths share (store-money.ts: the ORM transaction; store-money-one-call.ts: the
 * two-statement path, issue 22): the ledger keys, which derive from the seating (the seat row's id, new at
 * every buy-in), so a retried step posts once, and the refusals' wording.
 */
export const pokerBuyInKey = (seatingId: string) => `poker:seating:${seatingId}:buy-in`;
export const pokerTopUpKey = (seatingId: string, ref: string) => `poker:seating:${seatingId}:top-up:${ref}`;
export const pokerCashOutKey = (seatingId: string) => `poker:seating:${seatingId}:cash-out`;

/** A top-up's reference in its key: the caller's request id, else the seating's count of top-ups. */
export const topUpRef = (requestId: string | undefined, topUps: number) =>
  requestId !== undefined ? `r:${requestId}` : String(topUps + 1);

export const money = (minor: bigint, currency: CurrencyCode): Money => Money.fromMinor(minor, currency);

export function refusal(reason: string, detail: string, extensions: Record<string, unknown>): DomainError {
  return new DomainError('game-action-refused', detail, { field: 'body.amount', extensions: { reason, ...extensions } });
}

export function buyInBelowMinimum(minMinor: bigint, currency: CurrencyCode): DomainError {
  return refusal('buy-in-below-minimum', `The minimum buy-in is ${money(minMinor, currency)}.`, {
    minimum: money(minMinor, currency).toJSON(),
  });
}

export function buyInAboveMaximum(maxMinor: bigint, currency: CurrencyCode): DomainError {
  return refusal('buy-in-above-maximum', `The maximum buy-in is ${money(maxMinor, currency)}.`, {
    maximum: money(maxMinor, currency).toJSON(),
  });
}

export function topUpAboveMaximum(maxMinor: bigint, stackMinor: bigint, currency: CurrencyCode): DomainError {
  return refusal(
    'top-up-above-maximum',
    `A top-up may bring the stack to ${money(maxMinor, currency)} at most; the stack is ${money(stackMinor, currency)}.`,
    { maximum: money(maxMinor, currency).toJSON(), stack: money(stackMinor, currency).toJSON() },
  );
}

export function seatOutOfRange(seatsMax: number): DomainError {
  return new DomainError('validation-failed', `Seats are 1 to ${seatsMax}.`, { field: 'body.seat' });
}

export function notSeated(seat: number): DomainError {
  return new DomainError('not-seated', `The player has no seat ${seat} at this table.`);
}

/** The ledger's refusal of a posting from the wallet, as the player's problem (`insufficient-funds` with the balance). */
export function walletRefusalOf(error: unknown, walletCurrency: CurrencyCode): unknown {
  if (error instanceof ledger.InsufficientFunds)
    return new DomainError('insufficient-funds', `The wallet holds ${money(error.balanceMinor, walletCurrency)}.`, {
      field: 'body.amount',
      extensions: { balance: money(error.balanceMinor, walletCurrency).toJSON() },
    });
  return error;
}

export const tableClosed = () => new DomainError('table-closed', 'The table is closed.');
export const alreadySeated = () => new DomainError('already-seated', 'You already have a seat at this table.');
export const seatTaken = (seat: number) => new DomainError('seat-taken', `Seat ${seat} is taken.`, { field: 'body.seat' });
