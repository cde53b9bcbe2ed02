import type { BlackjackRules } from '../rules.ts';
import { basicStrategy, type DecisionValues } from './basic-strategy.ts';

/**
 * The basic strategy of a rule set as the usual chart (markdown): rows are the player's first two
 * cards, columns the dealer's up card. H hit, S stand, D double (else hit), Ds double (else stand),
 * P split, R surrender (else hit), Rs surrender (else stand), Rp surrender (else split).
 */

const upCards = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];
const label = (value: number): string => (value === 1 ? 'A' : value === 10 ? 'T' : String(value));

function code(values: DecisionValues): string {
  const options: [string, number][] = [
    ['S', values.stand],
    ['H', values.hit],
  ];
  if (values.double !== null) options.push(['D', values.double]);
  if (values.split !== null) options.push(['P', values.split]);
  if (values.surrender !== null) options.push(['R', values.surrender]);
  options.sort((a, b) => b[1] - a[1]);
  const [best] = options[0]!;
  const fallback = options.find(([name]) => name !== best && name !== 'D' && name !== 'R')![0];
  if (best === 'D') return fallback === 'S' ? 'Ds' : 'D';
  if (best === 'R') return fallback === 'S' ? 'Rs' : fallback === 'P' ? 'Rp' : 'R';
  return best;
}

export function strategyChart(rules: BlackjackRules): string {
  const strategy = basicStrategy(rules);
  const header = `| hand | ${upCards.map(label).join(' | ')} |\n|---|${upCards.map(() => '---').join('|')}|`;
  const row = (name: string, first: number, second: number) =>
    `| ${name} | ${upCards.map((up) => code(strategy.twoCardValues(first, second, up, false))).join(' | ')} |`;
  const rows: string[] = [];
  for (let total = 5; total <= 17; total++) {
    const first = total <= 11 ? 2 : 10;
    const second = total - first;
    if (first === second || second < 2 || second > 10) rows.push(row(`hard ${total}`, 3, total - 3));
    else rows.push(row(`hard ${total}`, first, second));
  }
  for (let other = 2; other <= 9; other++) rows.push(row(`A,${other}`, 1, other));
  for (const pair of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) rows.push(row(`${label(pair)},${label(pair)}`, pair, pair));
  return `${header}\n${rows.join('\n')}`;
}
