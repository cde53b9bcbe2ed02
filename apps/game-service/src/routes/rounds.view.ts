import { Money, type CurrencyCode } from '@casino/core';
import type { PlatynkoBetRequest, RouletteBetRequest } from '@casino/games';
import { moneyOut } from '@casino/http';
import type { ActResult, PlayerAction, TemporaryTableSummary } from '@casino/tables';
import type { ActionBody } from './rounds.schema.ts';

/** The request's money (CZK, checked by the schema) as the engine's minor units. */
export function playerActionOf(body: ActionBody): PlayerAction {
  switch (body.kind) {
    case 'place-bets':
      return { kind: 'place-bets', bets: body.bets.map(betOf), ...(body.confirm ? { confirm: true } : {}) };
    case 'place-bet':
      return {
        kind: 'place-bet',
        stakeMinor: body.stake.toMinor(),
        ...(body.warningsEnabled === undefined ? {} : { warningsEnabled: body.warningsEnabled }),
        ...(body.confirm ? { confirm: true } : {}),
      };
    case 'place-chips':
      return { kind: 'place-chips', chips: body.chips.map(chipOf), ...(body.confirm ? { confirm: true } : {}) };
    case 'rebet':
      return { kind: 'rebet', ...(body.double ? { double: true } : {}), ...(body.confirm ? { confirm: true } : {}) };
    default:
      return body as PlayerAction;
  }
}

function chipOf(chip: Extract<ActionBody, { kind: 'place-chips' }>['chips'][number]): PlatynkoBetRequest {
  switch (chip.kind) {
    case 'card':
      return { kind: 'card', cardId: chip.card as never, chipMinor: chip.chip.toMinor() };
    case 'row':
      return { kind: 'row', suit: chip.suit as never, chipMinor: chip.chip.toMinor() };
    case 'column':
      return { kind: 'column', rank: chip.rank as never, chipMinor: chip.chip.toMinor() };
  }
}

function betOf(bet: Extract<ActionBody, { kind: 'place-bets' }>['bets'][number]): RouletteBetRequest {
  switch (bet.kind) {
    case 'inside':
      return { kind: 'inside', numbers: bet.numbers, stakeMinor: bet.stake.toMinor() };
    case 'outside':
      return { kind: 'outside', position: bet.position as never, stakeMinor: bet.stake.toMinor() };
    case 'neighbours':
      return { kind: 'neighbours', centre: bet.centre, perSide: bet.perSide, chipMinor: bet.chip.toMinor() };
    case 'announced':
      return { kind: 'announced', name: bet.name as never, chipMinor: bet.chip.toMinor() };
  }
}

export function actResultOut(result: ActResult) {
  const { stakes, ...rest } = result;
  return {
    ...rest,
    stakes: stakes.map((s) => ({
      amount: moneyOut(Money.fromMinor(BigInt(s.amountMinor), result.currency as CurrencyCode)),
      ledgerTransactionId: s.ledgerTransactionId,
    })),
  };
}

export function temporaryTableOut(t: TemporaryTableSummary) {
  return { ...t, openedAt: t.openedAt.toISOString(), deadlineAt: t.deadlineAt?.toISOString() ?? null };
}
