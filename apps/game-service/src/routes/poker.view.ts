import { DomainError, isDomainError, Money, type CurrencyCode, type ErrorCode } from '@casino/core';
import { poker } from '@casino/games';
import { moneyOut } from '@casino/http';
import { foreignLetterOf, type PokerLobbyEntry, type PokerRoom } from '@casino/tables';

const money = (minor: string, currency: string) => moneyOut(Money.fromMinor(BigInt(minor), currency as CurrencyCode));

/** A lobby entry on the wire: amounts as money in the table's currency, like the other tables' limits. */
export function pokerLobbyOut(entry: PokerLobbyEntry) {
  const { currency } = entry;
  return {
    tableId: entry.tableId,
    game: 'poker' as const,
    name: entry.name,
    profile: entry.profileId,
    variant: entry.variant,
    variantName: entry.variantName,
    structure: entry.structure,
    currency,
    smallBlind: money(entry.smallBlindMinor, currency),
    bigBlind: money(entry.bigBlindMinor, currency),
    ante: money(entry.anteMinor, currency),
    straddle: money(entry.straddleMinor, currency),
    buyInMin: money(entry.buyInMinMinor, currency),
    buyInMax: entry.buyInMaxMinor === null ? null : money(entry.buyInMaxMinor, currency),
    seatsMax: entry.seatsMax,
    seatsTaken: entry.seatsTaken,
    averagePot: money(entry.averagePotMinor, currency),
    handsPerHour: entry.handsPerHour,
    rake: {
      rateBps: entry.rake.rateBps,
      capPerHand: entry.rake.capPerHandMinor === null ? null : money(entry.rake.capPerHandMinor, currency),
      noFlopNoDrop: entry.rake.noFlopNoDrop,
    },
    actionTimeMs: entry.actionTimeMs,
    timeBankMs: entry.timeBankMs,
    runItTimesMax: entry.runItTimesMax ?? null,
    badBeatJackpot: entry.badBeatJackpot
      ? { size: money(entry.badBeatJackpot.sizeMinor, currency), drop: money(entry.badBeatJackpot.dropMinor, currency) }
      : null,
    speedPool: entry.speedPool ?? null,
    waitingListLength: entry.waitingListLength ?? null,
  };
}

/** The lobby entry of one poker table, or 404 naming the path parameter. */
export async function pokerTableOf(room: PokerRoom, tableId: string): Promise<PokerLobbyEntry> {
  const table = await room.table(tableId);
  if (!table) throw new DomainError('not-found', `No poker table ${tableId}.`, { field: 'params.tableId' });
  return table;
}

/** An amount in the table's currency, in minor units; another currency is refused naming the field (002:GEN-05). */
export function minorIn(amount: Money, currency: string, field: string): bigint {
  if (amount.currency !== currency)
    throw new DomainError('currency-mismatch', `This table plays in ${currency}, not ${amount.currency}.`, { field });
  return amount.toMinor();
}

/**
 * Runs a room call and maps what the table refuses (`game-action-refused` with the table's or the
 * engine's `reason`, tables/poker/seats.ts) to the problem types of docs/poker-tables.md, keeping
 * the reason and naming the offending input (`amountField`: where this route carries the amount).
 * Nothing changed when a command is refused: the table applies a command only once it is valid, and
 * the driver commits money before the table moves (runtime-types.ts).
 */
export async function refusalsMapped<T>(call: () => Promise<T>, amountField?: string, discardField?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof poker.IllegalAction) throw problemOfReason(error.reason, error.message, amountField);
    if (!isDomainError(error) || error.code !== 'game-action-refused') throw error;
    const reason = error.extensions?.['reason'];
    if (typeof reason !== 'string') throw error;
    // A draw's refusal names the discard (issue 20): no such card, one named twice, too many.
    if (discardReasons.has(reason) && discardField !== undefined)
      throw new DomainError('poker-action-refused', error.detail, {
        extensions: { ...error.extensions, reason },
        field: discardField,
      });
    throw problemOfReason(reason, error.detail, amountField, error.extensions);
  }
}

/** The problem type per refusal reason (D-1713): the table's state (409) or the request (422). */
const reasonCodes: Readonly<Record<string, ErrorCode>> = Object.freeze({
  'not-your-turn': 'poker-not-your-turn',
  'turn-mismatch': 'poker-not-your-turn',
  'no-hand-running': 'poker-not-your-turn',
  'not-in-hand': 'poker-not-your-turn',
  'hand-complete': 'poker-not-your-turn',
  'wrong-phase': 'poker-not-your-turn',
  'automated-step': 'poker-not-your-turn',
  'already-seated': 'already-seated',
  'seat-taken': 'seat-taken',
  'table-full': 'table-full',
  'not-seated': 'not-seated',
  'buy-in-below-minimum': 'poker-buy-in-refused',
  'buy-in-above-maximum': 'poker-buy-in-refused',
  'top-up-above-maximum': 'poker-buy-in-refused',
  'top-up-not-now': 'poker-command-refused',
  'no-time-bank': 'poker-command-refused',
  'time-bank-already-used': 'poker-command-refused',
  'already-sitting-out': 'poker-command-refused',
  'not-sitting-out': 'poker-command-refused',
  'no-chips': 'poker-command-refused',
  'already-leaving': 'poker-command-refused',
  'show-not-offered': 'poker-command-refused',
  'muck-not-allowed': 'poker-command-refused',
});

const discardReasons: ReadonlySet<string> = new Set(['no-such-card', 'too-many-discards']);

const amountReasons: ReadonlySet<string> = new Set([
  'buy-in-below-minimum',
  'buy-in-above-maximum',
  'top-up-above-maximum',
  'amount-required',
  'amount-not-positive',
  'amount-not-integer',
  'amount-below-minimum',
  'amount-above-maximum',
  'amount-not-fixed-limit-size',
  'insufficient-chips',
]);

function problemOfReason(
  reason: string,
  detail: string,
  amountField: string | undefined,
  extensions: Readonly<Record<string, unknown>> = {},
): DomainError {
  const code = reasonCodes[reason] ?? 'poker-action-refused';
  const field =
    reason === 'turn-mismatch'
      ? 'body.turn'
      : reason === 'seat-taken' || reason === 'no-such-seat'
        ? 'body.seat'
        : amountReasons.has(reason)
          ? amountField
          : undefined;
  return new DomainError(code, detail, { extensions: { ...extensions, reason }, ...(field ? { field } : {}) });
}

/** The profile's chat languages (003:R-COND-H): a letter none of them writes is refused naming the text (D-1715). */
export function chatLanguageChecked(text: string, languages: readonly string[] | null): void {
  const letter = foreignLetterOf(text, languages);
  if (letter !== null)
    throw new DomainError('chat-language-refused', `"${letter}" is not written in this table's chat languages.`, {
      field: 'body.text',
      extensions: { reason: 'foreign-letter', languages },
    });
}
