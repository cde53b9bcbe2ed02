/**
 * Name normalisation for screening: one form for every way a name is written, so "Dr. Jevgenij
 * Prigožin", "PRIGOZHIN, Yevgeny" and "Евгений Пригожин" compare as the same words. Diacritics are
 * removed, Cyrillic and Greek are transliterated, honorifics and generational suffixes dropped, and
 * word order is left to the matcher (it compares words as a set).
 */
const cyrillic: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'u',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
};
const greek: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
// Latin letters that NFD does not decompose into a base letter and a mark.
const latinSpecial: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ð: 'd',
  ı: 'i',
  ħ: 'h',
};

/** Titles and honorifics (Czech academic titles included) and generational suffixes: never part of the match. */
export const honorifics: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'lord',
  'lady',
  'rev',
  'hon',
  'gen',
  'col',
  'maj',
  'capt',
  'sheikh',
  'shaikh',
  'haji',
  'hajji',
  'ing',
  'mgr',
  'bc',
  'mudr',
  'judr',
  'phdr',
  'rndr',
  'paeddr',
  'mvdr',
  'doc',
  'phd',
  'csc',
  'drsc',
  'mba',
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'pan',
  'pani',
  'herr',
  'frau',
  'gospodin',
]);

function transliterate(lower: string): string {
  let out = '';
  for (const ch of lower) out += cyrillic[ch] ?? greek[ch] ?? latinSpecial[ch] ?? ch;
  return out;
}

/** The words of a name: lower-case ASCII letters, no honorifics, in the order written. */
export function nameTokens(name: string): string[] {
  // Dotted titles written with a space or none ("Ph.D.", "Ph. D.") would otherwise leave stray letters.
  const ascii = transliterate(
    name
      .toLowerCase()
      .replace(/\bph\.\s*d\./g, ' phd ')
      .replace(/\bcsc\./g, ' csc '),
  )
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[^a-z]+/g, ' ');
  return ascii.split(' ').filter((t) => t.length > 0 && !honorifics.has(t));
}

export function normaliseName(name: string): string {
  return nameTokens(name).join(' ');
}

/**
 * A phonetic skeleton of one word that absorbs transliteration variants: Yevgeny/Evgenij/Jevgenij,
 * Mohammed/Muhammad, Tchaikovsky/Chaykovskiy. Digraphs are folded, then the vowels after the first
 * letter dropped and doubled letters merged.
 */
export function phoneticKey(token: string): string {
  const folded = token
    .replace(/sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/dzh/g, 'j')
    .replace(/zh/g, 'j')
    .replace(/kh/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/(.)\1+/g, '$1');
  const first = /[aeiou]/.test(folded[0] ?? '') ? 'a' : (folded[0] ?? '');
  return (first + folded.slice(1).replace(/[aeiouh]/g, '')).replace(/(.)\1+/g, '$1');
}

/** Passport and identity numbers: upper case, letters and digits only. */
export function normaliseIdentifier(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
