/**
 * Text no part of the platform can store or pass on (issue 14 (9), D-1431): PostgreSQL refuses NUL
 * (U+0000) in `text` and `jsonb`, and a lone UTF-16 surrogate is not Unicode at all (it cannot be
 * encoded as UTF-8 or into a URL: `encodeURIComponent` throws). Such a string reaching a query or an
 * outgoing request was a 500; it is refused on input instead, naming the field.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function malformedTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000)';
  if (loneSurrogate.test(text)) return 'contains a lone surrogate (not valid Unicode)';
  return null;
}

export interface MalformedText {
  /** Keys from the root to the offending string (or to the object whose key is offending). */
  path: Array<string | number>;
  reason: string;
}

/** Nodes visited at most; request data is bounded in size and nesting before it gets here. */
const nodesVisitedMax = 1_000_000;

/**
 * The first string value or object key in `value` that is malformed text, or null. Iterative,
 * so it cannot overflow the stack whatever the nesting.
 */
export function findMalformedText(value: unknown): MalformedText | null {
  const pending: Array<{ node: unknown; path: Array<string | number> }> = [{ node: value, path: [] }];
  for (let visited = 0; pending.length > 0 && visited < nodesVisitedMax; visited++) {
    const { node, path } = pending.pop()!;
    if (typeof node === 'string') {
      const reason = malformedTextReason(node);
      if (reason) return { path, reason };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push({ node: node[i], path: [...path, i] });
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const reason = malformedTextReason(key);
        if (reason) return { path, reason: `has a key that ${reason}` };
        pending.push({ node: child, path: [...path, key] });
      }
    }
  }
  return null;
}
