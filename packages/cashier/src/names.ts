import { normaliseName } from '@casino/players';

/**
 * Does a method's holder name belong to the player (002:PM-05, 004:PAY-02)? Word order and case
 * are ignored. `exact` keeps diacritics; `loose` drops them (002:AMB-NAME: "Novák" and "Novak" match
 * only loosely, and such a method is verified by staff, never automatically).
 */
export type NameMatch = 'exact' | 'loose' | 'none';

const words = (name: string): string =>
  name
    .normalize('NFC')
    .toLocaleLowerCase('cs')
    .split(/[\s,.-]+/)
    .filter(Boolean)
    .sort()
    .join(' ');
const looseWords = (name: string): string => normaliseName(name).split(' ').filter(Boolean).sort().join(' ');

export function matchHolderName(holderName: string, player: { firstName: string; surname: string }): NameMatch {
  const playerName = `${player.firstName} ${player.surname}`;
  if (words(holderName) === words(playerName)) return 'exact';
  if (looseWords(holderName) === looseWords(playerName)) return 'loose';
  return 'none';
}
