/**
 * How deep a JSON body may nest (issue 14 (5)). No request of any API comes near it (the deepest, a
 * roulette bet list, is four levels); a body thousands of levels deep is an attack on every recursive
 * walk behind the parser (`JSON.stringify`, a validator) that would overflow the stack.
 */
export const jsonBodyDepthMax = 32;

/**
 * The deepest nesting of arrays and objects in JSON text, read without parsing and without
 * recursion (brackets inside strings do not count). Stops counting once past `stopAfter`.
 */
export function jsonNestingDepth(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAfter) return deepest;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return deepest;
}
