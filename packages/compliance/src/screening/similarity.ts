import { assert } from '@casino/core';

/**
 * Jaro-Winkler similarity of two strings, 0 (nothing in common) to 1 (equal). Good at short strings
 * with typos and transpositions, and it rewards a common prefix, which names usually share.
 */
export function jaroWinkler(a: string, b: string, prefixScale = 0.1): number {
  assert(prefixScale >= 0 && prefixScale <= 0.25, 'prefixScale must be in [0, 0.25]');
  if (a === b) return a.length === 0 ? 1 : 1;
  if (a.length === 0 || b.length === 0) return 0;
  const jaro = jaroSimilarity(a, b);
  let prefix = 0;
  const prefixMax = Math.min(4, a.length, b.length);
  while (prefix < prefixMax && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * prefixScale * (1 - jaro);
}

// Reused between calls: screening compares thousands of pairs per name, and names are short.
const matchedA = new Uint8Array(256);
const matchedB = new Uint8Array(256);

function jaroSimilarity(a: string, b: string): number {
  if (a.length > 255 || b.length > 255) return a === b ? 1 : 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  matchedA.fill(0, 0, a.length);
  matchedB.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[k] === 0) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  return (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
}
