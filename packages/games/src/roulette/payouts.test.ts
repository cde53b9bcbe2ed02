import { describe, expect, it } from 'vitest';
import { announcedBetChipCount, announcedBetChips, announcedBetNumbers, type AnnouncedBetName } from './announced-bets.ts';
import {
  allInsidePositions,
  insidePosition,
  outsideNumbers,
  outsidePosition,
  outsidePositionNames,
  payoutRatio,
  type BetType,
} from './layout.ts';
import { RouletteRejection } from './rejection.ts';
import { applyRouletteAction } from './round.ts';
import { czk, openTestRound, playRound, returnOf, riggedWheel, testLimits } from './testing/fixtures.ts';
import type { RouletteBetRequest } from './types.ts';
import { neighboursOf, redNumbers, wheelOrder } from './wheel.ts';

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof RouletteRejection) return error.reason;
    throw error;
  }
  return 'accepted';
}

const european = openTestRound('european');
const french = openTestRound('french');

describe('the wheel and the layout', () => {
  it('004:GAM-RE-01 002:RLT-03 the wheel has 37 pockets 0 to 36, each once, in the standard European order', () => {
    expect([...wheelOrder].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, k) => k));
    expect(wheelOrder.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(redNumbers.size).toBe(18);
  });

  it('004:GAM-RE-02 002:T-RLT-03 RLT-05 RLT-06 even chances cover 18 numbers, dozens and columns 12, inside positions 1 to 6', () => {
    for (const name of outsidePositionNames)
      expect(outsideNumbers[name]).toHaveLength(name.startsWith('dozen') || name.startsWith('column') ? 12 : 18);
    // 002:RLT-06: six 12-number bets, three dozens and three columns.
    expect(outsidePositionNames.filter((name) => outsideNumbers[name].length === 12)).toHaveLength(6);
    const counts = new Map<BetType, number>();
    for (const position of allInsidePositions()) counts.set(position.type, (counts.get(position.type) ?? 0) + 1);
    // 37 numbers; 24 horizontal + 33 vertical + 3 zero splits; 12 streets + 2 zero trios; 22 corners + first four; 11 six-lines.
    expect(Object.fromEntries(counts)).toEqual({ straight: 37, split: 60, street: 14, corner: 23, 'six-line': 11 });
  });

  it('004:GAM-RE-04 dozens are 1-12, 13-24, 25-36; columns start 1, 2 and 3 and step by 3', () => {
    expect(outsideNumbers['dozen-2']).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(outsideNumbers['column-1']).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(outsideNumbers['column-2']).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35]);
    expect(outsideNumbers['column-3']).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
  });

  it('004:GAM-RE-02 a split is two adjacent numbers, a street a row, a corner four meeting numbers, a six-line two rows', () => {
    expect(insidePosition([17, 14])?.key).toBe('split:14-17');
    expect(insidePosition([17, 18])?.type).toBe('split');
    expect(insidePosition([0, 2])?.type).toBe('split');
    expect(insidePosition([3, 4])).toBeNull(); // end of one row, start of the next
    expect(insidePosition([17, 19])).toBeNull();
    expect(insidePosition([16, 17, 18])?.type).toBe('street');
    expect(insidePosition([0, 2, 3])?.type).toBe('street');
    expect(insidePosition([17, 18, 19])).toBeNull();
    expect(insidePosition([13, 14, 16, 17])?.type).toBe('corner');
    expect(insidePosition([0, 1, 2, 3])?.type).toBe('corner');
    expect(insidePosition([3, 4, 6, 7])).toBeNull();
    expect(insidePosition([13, 14, 15, 16, 17, 18])?.type).toBe('six-line');
    expect(insidePosition([14, 15, 16, 17, 18, 19])).toBeNull();
    expect(insidePosition([1, 2, 3, 4, 5])).toBeNull(); // no five-number bet on a single-zero wheel
    expect(insidePosition([37])).toBeNull();
    expect(insidePosition([5, 5])).toBeNull();
    expect(
      rejection(() =>
        applyRouletteAction(
          european,
          { kind: 'place-bets', seat: 1, bets: [{ kind: 'inside', numbers: [3, 4], stakeMinor: 100n }] },
          riggedWheel(),
        ),
      ),
    ).toBe('invalid-position');
  });
});

describe('payouts', () => {
  const winners: readonly [BetType, RouletteBetRequest, number][] = [
    ['straight', { kind: 'inside', numbers: [17], stakeMinor: czk(10) }, 17],
    ['split', { kind: 'inside', numbers: [17, 20], stakeMinor: czk(10) }, 20],
    ['street', { kind: 'inside', numbers: [16, 17, 18], stakeMinor: czk(10) }, 16],
    ['corner', { kind: 'inside', numbers: [17, 18, 20, 21], stakeMinor: czk(10) }, 21],
    ['six-line', { kind: 'inside', numbers: [13, 14, 15, 16, 17, 18], stakeMinor: czk(10) }, 13],
    ['column', { kind: 'outside', position: 'column-2', stakeMinor: czk(10) }, 35],
    ['dozen', { kind: 'outside', position: 'dozen-3', stakeMinor: czk(10) }, 25],
    ['even-chance', { kind: 'outside', position: 'black', stakeMinor: czk(10) }, 2],
  ];

  describe.each(winners)('%s', (type, request, pocket) => {
    it('004:GAM-RE-03 004:GAM-R-05 WIN-02 002:RLT-09 PAY-02 a winning position returns the stake plus stake × its ratio; a losing one returns nothing', () => {
      const ratio = {
        straight: 35n,
        split: 17n,
        street: 11n,
        corner: 8n,
        'six-line': 5n,
        column: 2n,
        dozen: 2n,
        'even-chance': 1n,
      }[type];
      expect(payoutRatio[type]).toBe(ratio);
      expect(returnOf(european, request, [pocket])).toBe(czk(10) * (ratio + 1n));
      const loser = [...Array(37).keys()].find((n) => !outsidePositionCovers(request, n))!;
      expect(returnOf(european, request, [loser])).toBe(0n);
    });
  });

  it('004:T-80 004:GAM-R-03 a straight 10 on 17 wins 360; French: lost on zero; red 10 on zero returns 5 in French and nothing in European', () => {
    const straight: RouletteBetRequest = { kind: 'inside', numbers: [17], stakeMinor: czk(10) };
    const red: RouletteBetRequest = { kind: 'outside', position: 'red', stakeMinor: czk(10) };
    expect(playRound('european', [straight], [17]).settlements![0]!.returnedMinor).toBe(czk(360));
    expect(returnOf(french, straight, [0])).toBe(0n);
    expect(returnOf(french, red, [0])).toBe(czk(5));
    expect(returnOf(european, red, [0])).toBe(0n);
  });

  it('004:T-81 a column-1 bet of 100 returns 300 when 34 wins and is lost on zero', () => {
    const column: RouletteBetRequest = { kind: 'outside', position: 'column-1', stakeMinor: czk(100) };
    expect(returnOf(european, column, [34])).toBe(czk(300));
    expect(returnOf(european, column, [0])).toBe(0n);
  });

  it('004:GAM-RF-02 004:AMB-22 la partage returns half of every French even chance on zero, and nothing else', () => {
    for (const name of ['red', 'black', 'odd', 'even', 'low', 'high'] as const)
      expect(returnOf(french, { kind: 'outside', position: name, stakeMinor: czk(10) }, [0])).toBe(czk(5));
    expect(returnOf(french, { kind: 'outside', position: 'dozen-1', stakeMinor: czk(10) }, [0])).toBe(0n);
    expect(returnOf(french, { kind: 'inside', numbers: [1, 2], stakeMinor: czk(10) }, [0])).toBe(0n);
    const settled = playRound('french', [{ kind: 'outside', position: 'even', stakeMinor: czk(10) }], [0]).settlements![0]!;
    expect(settled.bets[0]!.placements[0]!.outcome).toBe('la-partage');
  });
});

function outsidePositionCovers(request: RouletteBetRequest, n: number): boolean {
  if (request.kind === 'inside') return request.numbers.includes(n);
  if (request.kind === 'outside') return outsidePosition(request.position).numbers.includes(n);
  return false;
}

describe('004:GAM-RE-10 the worked example: 40 chips on and around 17', () => {
  // Straight maximum 25 CZK, chip 25 CZK: each position holds its maximum (GAM-RE-09).
  const limits = testLimits(25);
  const chip = czk(25);
  const bets: RouletteBetRequest[] = [
    { kind: 'inside', numbers: [17], stakeMinor: chip },
    ...[
      [14, 17],
      [16, 17],
      [17, 18],
      [17, 20],
    ].map((numbers) => ({ kind: 'inside' as const, numbers, stakeMinor: 2n * chip })),
    { kind: 'inside', numbers: [16, 17, 18], stakeMinor: 3n * chip },
    ...[
      [13, 14, 16, 17],
      [14, 15, 17, 18],
      [16, 17, 19, 20],
      [17, 18, 20, 21],
    ].map((numbers) => ({ kind: 'inside' as const, numbers, stakeMinor: 4n * chip })),
    ...[
      [13, 14, 15, 16, 17, 18],
      [16, 17, 18, 19, 20, 21],
    ].map((numbers) => ({ kind: 'inside' as const, numbers, stakeMinor: 6n * chip })),
  ];

  it('004:GAM-RE-10 004:T-84 every position at its maximum is accepted: 40 chips, 1,000 CZK; 17 returns 392 chips plus the 40 staked', () => {
    const state = playRound('european', bets, [17], limits);
    const settled = state.settlements![0]!;
    expect(settled.stakedMinor).toBe(40n * chip);
    expect(settled.stakedMinor).toBe(czk(1_000));
    expect(settled.returnedMinor).toBe((392n + 40n) * chip);
  });

  it('004:GAM-RE-09 one more chip on any of those positions is over its maximum', () => {
    for (const bet of bets) {
      const extra: RouletteBetRequest = { ...bet, stakeMinor: 10n } as RouletteBetRequest;
      const state = applyRouletteAction(
        openTestRound('european', limits),
        { kind: 'place-bets', seat: 1, bets },
        riggedWheel(),
      ).state;
      expect(rejection(() => applyRouletteAction(state, { kind: 'place-bets', seat: 1, bets: [extra] }, riggedWheel()))).toBe(
        'stake-above-maximum',
      );
    }
  });
});

describe('table limits', () => {
  const limits = testLimits(25, 100);
  const place = (bet: RouletteBetRequest, table = limits) =>
    rejection(() =>
      applyRouletteAction(openTestRound('european', table), { kind: 'place-bets', seat: 1, bets: [bet] }, riggedWheel()),
    );

  it('004:T-84 004:GAM-RE-09 with a straight maximum of 25: a split of 50 is accepted and 51 refused; a six-line of 150 accepted and 151 refused', () => {
    expect(place({ kind: 'inside', numbers: [8, 11], stakeMinor: czk(50) })).toBe('accepted');
    expect(place({ kind: 'inside', numbers: [8, 11], stakeMinor: czk(51) })).toBe('stake-above-maximum');
    expect(place({ kind: 'inside', numbers: [1, 2, 3, 4, 5, 6], stakeMinor: czk(150) })).toBe('accepted');
    expect(place({ kind: 'inside', numbers: [1, 2, 3, 4, 5, 6], stakeMinor: czk(151) })).toBe('stake-above-maximum');
    expect(place({ kind: 'inside', numbers: [1, 2, 3], stakeMinor: czk(75) })).toBe('accepted');
    expect(place({ kind: 'inside', numbers: [1, 2, 4, 5], stakeMinor: czk(100.1) })).toBe('stake-above-maximum');
  });

  it('004:GAM-RE-07 the derived inside maxima (decision 705) never exceed the 1,000,000 CZK cap on a position', () => {
    const top = testLimits(1_000_000, 1_000_000);
    expect(place({ kind: 'inside', numbers: [17], stakeMinor: czk(1_000_000) }, top)).toBe('accepted');
    expect(place({ kind: 'inside', numbers: [14, 17], stakeMinor: czk(1_000_000) }, top)).toBe('accepted');
    expect(place({ kind: 'inside', numbers: [14, 17], stakeMinor: czk(1_000_000.1) }, top)).toBe('stake-above-maximum');
  });

  it('004:GAM-R-06 004:T-82 a bet below the table minimum (0.05 CZK) is refused; 0.10 is accepted', () => {
    const table = { ...limits, unitMinor: 2n };
    expect(place({ kind: 'outside', position: 'red', stakeMinor: czk(0.06) }, table)).toBe('stake-below-minimum');
    expect(place({ kind: 'outside', position: 'red', stakeMinor: czk(0.1) }, table)).toBe('accepted');
    expect(place({ kind: 'outside', position: 'red', stakeMinor: czk(0.15) })).toBe('stake-not-multiple-of-unit');
  });

  it('004:GAM-RE-08 the outside maximum holds per position, with no aggregate maximum', () => {
    const both = applyRouletteAction(
      openTestRound('european', limits),
      {
        kind: 'place-bets',
        seat: 1,
        bets: [
          { kind: 'outside', position: 'red', stakeMinor: czk(100) },
          { kind: 'outside', position: 'black', stakeMinor: czk(100) },
          { kind: 'outside', position: 'dozen-1', stakeMinor: czk(100) },
        ],
      },
      riggedWheel(),
    );
    expect(both.events[0]).toMatchObject({ kind: 'bets-placed', stakeMinor: czk(300) });
    expect(
      rejection(() =>
        applyRouletteAction(
          both.state,
          { kind: 'place-bets', seat: 1, bets: [{ kind: 'outside', position: 'red', stakeMinor: czk(0.1) }] },
          riggedWheel(),
        ),
      ),
    ).toBe('stake-above-maximum');
  });

  it('D-707 maxima add up per position across straight, neighbour and announced bets of one seat', () => {
    const state = applyRouletteAction(
      openTestRound('european', limits),
      { kind: 'place-bets', seat: 1, bets: [{ kind: 'inside', numbers: [17], stakeMinor: czk(20) }] },
      riggedWheel(),
    ).state;
    expect(
      rejection(() =>
        applyRouletteAction(
          state,
          { kind: 'place-bets', seat: 1, bets: [{ kind: 'announced', name: 'orphelins-en-plein', chipMinor: czk(10) }] },
          riggedWheel(),
        ),
      ),
    ).toBe('stake-above-maximum');
    expect(
      rejection(() =>
        applyRouletteAction(
          state,
          { kind: 'place-bets', seat: 2, bets: [{ kind: 'announced', name: 'orphelins-en-plein', chipMinor: czk(10) }] },
          riggedWheel(),
        ),
      ),
    ).toBe('accepted');
  });
});

describe('racetrack and announced bets', () => {
  const chipsOf = (name: AnnouncedBetName) =>
    announcedBetChips(name).map((group) => `${group.position.numbers.join('/')}${group.chips > 1 ? `×${group.chips}` : ''}`);

  it('004:GAM-RE-06 004:T-87 002:RLT-07 Voisins du Zéro (decision 701) is 9 chips on 17 numbers: 0/2/3 and 25/26/28/29 take two chips each', () => {
    expect(announcedBetChipCount('voisins-du-zero')).toBe(9);
    expect(announcedBetNumbers('voisins-du-zero')).toHaveLength(17);
    expect(chipsOf('voisins-du-zero')).toEqual(['0/2/3×2', '4/7', '12/15', '18/21', '19/22', '25/26/28/29×2', '32/35']);
    // Zero pays the 2 chips on 0/2/3 at 11:1: 24 chips back for 9 staked.
    expect(returnOf(european, { kind: 'announced', name: 'voisins-du-zero', chipMinor: czk(1) }, [0])).toBe(czk(24));
  });

  it('004:GAM-RE-06 002:RLT-07 Tiers is 6 splits on 12 numbers; Orphelins 8 straight chips on 8 numbers', () => {
    expect(chipsOf('tiers-du-cylindre')).toEqual(['5/8', '10/11', '13/16', '23/24', '27/30', '33/36']);
    expect(announcedBetNumbers('tiers-du-cylindre')).toHaveLength(12);
    expect(chipsOf('orphelins-en-plein')).toEqual(['1', '6', '9', '14', '17', '20', '31', '34']);
  });

  // 004:GAM-RF-04, row by row: chips and the numbers as the source counts them (positions, repeats included).
  const frenchTable: readonly [AnnouncedBetName, number, number][] = [
    ['voisins-du-zero', 9, 17],
    ['tiers-du-cylindre', 6, 12],
    ['orphelins-en-plein', 8, 8],
    ['orphelins-a-cheval', 5, 9],
    ['jeu-7-9', 6, 10],
    ['jeu-zero', 4, 7],
    ['finales-en-plein-0', 4, 4],
    ['finales-en-plein-1', 4, 4],
    ['finales-en-plein-2', 4, 4],
    ['finales-en-plein-3', 4, 4],
    ['finales-en-plein-4', 4, 4],
    ['finales-en-plein-5', 4, 4],
    ['finales-en-plein-6', 4, 4],
    ['finales-en-plein-7', 3, 3],
    ['finales-en-plein-8', 3, 3],
    ['finales-en-plein-9', 3, 3],
    ['finales-a-cheval-0-1', 5, 8],
    ['finales-a-cheval-1-2', 5, 8],
    ['finales-a-cheval-2-3', 5, 8],
    ['finales-a-cheval-3-4', 6, 8],
    ['finales-a-cheval-4-5', 5, 8],
    ['finales-a-cheval-5-6', 5, 8],
    ['finales-a-cheval-6-7', 5, 7],
    ['finales-a-cheval-7-8', 4, 6],
    ['finales-a-cheval-8-9', 4, 6],
    ['finales-a-cheval-9-10', 4, 6],
    ['finales-a-cheval-0-3', 4, 8],
    ['finales-a-cheval-1-4', 4, 8],
    ['finales-a-cheval-2-5', 4, 8],
    ['finales-a-cheval-3-6', 4, 8],
    ['finales-a-cheval-4-7', 3, 6],
    ['finales-a-cheval-5-8', 3, 6],
    ['finales-a-cheval-6-9', 3, 6],
    ['finales-a-cheval-7-10', 3, 6],
    ['finales-a-cheval-8-11', 3, 6],
    ['finales-a-cheval-9-12', 3, 6],
  ];

  describe.each(frenchTable)('%s', (name, chips, listed) => {
    it('004:GAM-RF-04 the bet has the chips and covers the numbers the source lists for it', () => {
      expect(announcedBetChipCount(name)).toBe(chips);
      // The source counts the numbers of each listed position, so 17 in two splits counts twice (AMB-25).
      expect(announcedBetChips(name).reduce((sum, group) => sum + group.position.numbers.length, 0)).toBe(listed);
    });
  });

  it('004:AMB-25 Finales en plein (decision 702) are named by the final digit: "1" covers 1, 11, 21, 31 and "2" covers 2, 12, 22, 32', () => {
    expect(announcedBetNumbers('finales-en-plein-1')).toEqual([1, 11, 21, 31]);
    expect(announcedBetNumbers('finales-en-plein-2')).toEqual([2, 12, 22, 32]);
    expect(announcedBetNumbers('orphelins-a-cheval')).toEqual([1, 6, 9, 14, 17, 20, 31, 34]);
    expect(announcedBetNumbers('jeu-7-9')).toEqual([7, 8, 9, 17, 18, 19, 27, 28, 29]);
  });

  it('004:GAM-RF-05 004:T-85 Finales à cheval 9/10 with 4 chips: 9 or 10 nets +32, 19/20/29/30 net +14, 5 nets −4', () => {
    const bet: RouletteBetRequest = { kind: 'announced', name: 'finales-a-cheval-9-10', chipMinor: czk(1) };
    const net = (pocket: number) => returnOf(french, bet, [pocket]) - czk(4);
    expect([net(9), net(10)]).toEqual([czk(32), czk(32)]);
    expect([net(19), net(20), net(29), net(30)]).toEqual([czk(14), czk(14), czk(14), czk(14)]);
    expect(net(5)).toBe(czk(-4));
  });

  it('004:GAM-RF-06 004:T-86 004:GAM-RE-05 neighbours of 8 with 2 each side are 11-30-8-23-10, 5 chips: 23 nets +31, 5 nets −5', () => {
    expect(neighboursOf(8, 2)).toEqual([11, 30, 8, 23, 10]);
    const bet: RouletteBetRequest = { kind: 'neighbours', centre: 8, perSide: 2, chipMinor: czk(1) };
    expect(returnOf(french, bet, [23]) - czk(5)).toBe(czk(31));
    expect(returnOf(french, bet, [5]) - czk(5)).toBe(czk(-5));
  });

  it('004:GAM-RE-05 004:GAM-RF-06 004:AMB-23 neighbours: European 1 to 5 each side, French 1 to 4', () => {
    const neighbours = (perSide: number): RouletteBetRequest => ({ kind: 'neighbours', centre: 0, perSide, chipMinor: czk(1) });
    const place = (variant: 'european' | 'french', bet: RouletteBetRequest) =>
      rejection(() => applyRouletteAction(openTestRound(variant), { kind: 'place-bets', seat: 1, bets: [bet] }, riggedWheel()));
    expect(neighboursOf(0, 5)).toEqual([28, 12, 35, 3, 26, 0, 32, 15, 19, 4, 21]);
    expect(place('european', neighbours(5))).toBe('accepted');
    expect(place('french', neighbours(4))).toBe('accepted');
    expect(place('french', neighbours(5))).toBe('neighbours-out-of-range');
    expect(place('european', neighbours(0))).toBe('neighbours-out-of-range');
  });

  it('004:GAM-RE-06 004:GAM-RF-04 the European racetrack offers Voisins, Tiers and Orphelins; the other announced bets are French', () => {
    const place = (variant: 'european' | 'french', name: AnnouncedBetName) =>
      rejection(() =>
        applyRouletteAction(
          openTestRound(variant),
          { kind: 'place-bets', seat: 1, bets: [{ kind: 'announced', name, chipMinor: czk(1) }] },
          riggedWheel(),
        ),
      );
    expect(place('european', 'tiers-du-cylindre')).toBe('accepted');
    expect(place('european', 'jeu-zero')).toBe('bet-not-offered');
    expect(place('french', 'jeu-zero')).toBe('accepted');
  });
});

describe('French roulette against European roulette', () => {
  it('004:GAM-RF-01 GAM-RF-03 GAM-RF-07 inside and outside positions pay the same on both wheels (la partage aside), and the same table limits accept and refuse the same stakes', () => {
    for (const position of allInsidePositions()) {
      const bet: RouletteBetRequest = { kind: 'inside', numbers: [...position.numbers], stakeMinor: czk(1) };
      for (let pocket = 0; pocket <= 36; pocket++)
        expect(returnOf(french, bet, [pocket])).toBe(returnOf(european, bet, [pocket]));
    }
    for (const name of outsidePositionNames) {
      const bet: RouletteBetRequest = { kind: 'outside', position: name, stakeMinor: czk(1) };
      for (let pocket = 1; pocket <= 36; pocket++)
        expect(returnOf(french, bet, [pocket])).toBe(returnOf(european, bet, [pocket]));
    }
    // Each table carries its own stake level; the variant adds or removes none.
    for (const limits of [testLimits(25, 100), testLimits(1_000, 5_000)]) {
      const place = (variant: 'european' | 'french', bet: RouletteBetRequest) =>
        rejection(() =>
          applyRouletteAction(openTestRound(variant, limits), { kind: 'place-bets', seat: 1, bets: [bet] }, riggedWheel()),
        );
      const straightMaximum = Number(limits.straightMaximumMinor) / 100;
      const outsideMaximum = Number(limits.outsideMaximumMinor) / 100;
      const bets: RouletteBetRequest[] = [
        { kind: 'inside', numbers: [17], stakeMinor: czk(0.05) },
        { kind: 'inside', numbers: [17], stakeMinor: czk(straightMaximum) },
        { kind: 'inside', numbers: [17], stakeMinor: czk(straightMaximum + 0.1) },
        { kind: 'outside', position: 'red', stakeMinor: czk(outsideMaximum) },
        { kind: 'outside', position: 'red', stakeMinor: czk(outsideMaximum + 0.1) },
      ];
      const outcomes = bets.map((bet) => place('french', bet));
      expect(outcomes).toEqual(bets.map((bet) => place('european', bet)));
      expect(outcomes.slice(1)).toEqual(['accepted', 'stake-above-maximum', 'accepted', 'stake-above-maximum']);
    }
  });
});
