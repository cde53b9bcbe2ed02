import { DomainError, isDomainError, Money, type CurrencyCode } from '@casino/core';
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
  };
}

/** The lobby entry of one poker table, or 404 naming the path parameter. */
export async function pokerTableOf(room: PokerRoom, tableId: string): Promise<PokerLobbyEntry> {
  const table = (await room.lobby()).find((entry) => entry.tableId === tableId);
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
 * Runs a room call and maps what the poker engine refuses to the service's problem types, naming
 * the offending input. Nothing changed when a command is refused: the table applies a command only
 * once it is valid, the driver commits money before the table moves (runtime-types.ts).
 */
export async function refusalsMapped<T>(call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof poker.IllegalAction) throw engineRefusal(error, field);
    if (isDomainError(error) && field !== undefined && error.field === undefined && amountRefusal(error))
      throw new DomainError(error.code, error.detail, {
        field,
        ...(error.extensions ? { extensions: { ...error.extensions } } : {}),
      });
    throw error;
  }
}

const turnReasons: ReadonlySet<string> = new Set(['not-your-turn', 'hand-complete', 'wrong-phase']);

function engineRefusal(error: poker.IllegalAction, field: string | undefined): DomainError {
  const extensions = { reason: error.reason };
  if (turnReasons.has(error.reason)) return new DomainError('poker-not-your-turn', error.message, { extensions });
  return new DomainError('poker-action-refused', error.message, {
    extensions,
    ...(field !== undefined && error.reason.startsWith('amount-') ? { field } : {}),
  });
}

/** Refusals about an amount name the amount field the client sent. */
function amountRefusal(error: DomainError): boolean {
  return ['poker-buy-in-refused', 'limit-exceeded', 'insufficient-funds', 'poker-action-refused'].includes(error.code);
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
