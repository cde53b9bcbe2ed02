/**
 * The chat-language rule of a poker profile (003:R-COND-H "chat only in Swedish", 000-001:FAIR-08
 * "the company sets the allowed languages"), checked the one way that never refuses a message
 * written in the language: by its letters (D-1715). A message whose letters all belong to one of
 * the allowed languages' alphabets passes; one with a letter none of them has (Cyrillic, Greek,
 * CJK, "ñ", "ß", "ø") is refused. Telling Swedish from English or Danish by their words is refused
 * as a heuristic: table talk is short ("gg", "nh", "ty", names), so a word list would silence
 * players writing Swedish while missing most foreign messages; the rule's remainder is left to the
 * moderation and sanctions of the rule book (003:R-COND-I).
 */
const alphabets: Readonly<Record<string, RegExp>> = Object.freeze({
  // Swedish letters, with é and ü of Swedish names and loanwords (Svenska Akademiens ordlista).
  sv: /^[a-zåäöéü]$/iu,
  en: /^[a-z]$/iu,
  de: /^[a-zäöüß]$/iu,
  cs: /^[a-záčďéěíňóřšťúůýž]$/iu,
  hr: /^[a-zčćđšž]$/iu,
});

/** The first letter of `text` no allowed language writes; null when every letter fits (or any language is allowed). */
export function foreignLetterOf(text: string, languages: readonly string[] | null): string | null {
  if (languages === null) return null;
  const known = languages.map((language) => alphabets[language]);
  // A language without an alphabet here cannot be checked: say so at start-up rather than refuse everything.
  if (known.some((alphabet) => alphabet === undefined)) throw new Error(`no alphabet for chat languages ${languages.join(', ')}`);
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    if (!known.some((alphabet) => alphabet!.test(letter))) return letter;
  }
  return null;
}

/** Whether every language a profile allows can be checked (validated when the service starts). */
export function chatLanguagesCheckable(languages: readonly string[] | null): boolean {
  return languages === null || languages.every((language) => language in alphabets);
}
