import type { ListEntryData } from './matcher.ts';

/**
 * A fictional list for development and tests: every person on it is invented. Real lists (the EU
 * consolidated list, OpenSanctions) are the operator's to load through the importers.
 */
export const sampleListCode = 'fictional-sample';

export const fictionalSampleEntries: readonly ListEntryData[] = [
  {
    externalId: 'fict-0001',
    primaryName: 'Radomir Kvasnikov',
    names: ['Radomir Kvasnikov', 'Радомир Квасников', 'Radomir Kvasnikoff'],
    birthDates: ['1961-04-12'],
    nationalities: ['RU'],
    identifiers: ['P7731904'],
  },
  {
    externalId: 'fict-0002',
    primaryName: 'Yevgeny Moroshkin',
    names: ['Yevgeny Moroshkin', 'Евгений Морошкин', 'Evgenij Moroskin'],
    birthDates: ['1958'],
    nationalities: ['RU'],
    identifiers: [],
  },
  {
    externalId: 'fict-0003',
    primaryName: 'Mohammed Al-Zarbani',
    names: ['Mohammed Al-Zarbani', 'Muhammad Zarbani'],
    birthDates: ['1974-09-30'],
    nationalities: ['YE'],
    identifiers: ['A0559812'],
  },
  {
    externalId: 'fict-0004',
    primaryName: 'Oksana Tchaikovskaya',
    names: ['Oksana Tchaikovskaya', 'Оксана Чайковская'],
    birthDates: ['1980-02-17'],
    nationalities: ['BY'],
    identifiers: [],
  },
  {
    externalId: 'fict-0005',
    primaryName: 'Květoslav Brdička',
    names: ['Květoslav Brdička'],
    birthDates: ['1969-11-03'],
    nationalities: ['CZ'],
    identifiers: [],
    details: { topics: ['role.pep'] },
  },
  {
    externalId: 'fict-0006',
    primaryName: 'Dragan Vujičević',
    names: ['Dragan Vujičević', 'Драган Вујичевић'],
    birthDates: ['1971'],
    nationalities: ['RS'],
    identifiers: [],
  },
  {
    externalId: 'fict-0007',
    primaryName: 'Ludmila Zhivkova-Orlan',
    names: ['Ludmila Zhivkova-Orlan', 'Lyudmila Orlan'],
    birthDates: ['1966-06-06'],
    nationalities: ['BG'],
    identifiers: [],
  },
  {
    externalId: 'fict-0008',
    primaryName: 'Hassan Darvishi Talab',
    names: ['Hassan Darvishi Talab'],
    birthDates: ['1963-01-21'],
    nationalities: ['IR'],
    identifiers: ['I88120455'],
  },
];

const onsets = [
  'b',
  'br',
  'd',
  'dr',
  'g',
  'gr',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'z',
  'ch',
  'sh',
  'zh',
  'f',
  'h',
];
const vowels = ['a', 'e', 'i', 'o', 'u', 'ia', 'ou', 'y'];
const codas = ['', 'n', 'r', 'l', 'k', 's', 'v', 'm', 'sk', 'ch'];
const surnameEndings = ['ov', 'ev', 'in', 'ski', 'ic', 'enko', 'ek', 'ani', 'ari', 'uk', 'escu', 'idis'];
const countries = ['RU', 'BY', 'IR', 'KP', 'SY', 'VE', 'MM', 'AF', 'RS', 'UA', 'LY', 'IQ'];

/** Deterministic pseudo-random numbers (mulberry32), so a generated list is the same every time. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` invented persons with invented names, for load tests of the matcher (bench:screening). */
export function generateFictionalEntries(count: number, seed = 9): ListEntryData[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const syllable = () => pick(onsets) + pick(vowels) + pick(codas);
  const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const entries: ListEntryData[] = [];
  for (let i = 0; i < count; i++) {
    const first = capital(syllable() + pick(vowels) + pick(codas));
    const surname = capital(syllable() + syllable().slice(0, 2) + pick(surnameEndings));
    const year = 1940 + Math.floor(next() * 60);
    const birthDate =
      next() < 0.3
        ? String(year)
        : `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    const names = [`${first} ${surname}`, ...(next() < 0.3 ? [`${surname} ${first}`] : [])];
    entries.push({
      externalId: `gen-${seed}-${i}`,
      primaryName: names[0]!,
      names,
      birthDates: [birthDate],
      nationalities: [pick(countries)],
      identifiers: [],
    });
  }
  return entries;
}
