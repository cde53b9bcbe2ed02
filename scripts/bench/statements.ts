/**
 * Counts the statements this process sends to PostgreSQL, by statement text, while a window is open
 * (issue 22): every query of node-postgres's `Client` (Prisma's adapter, the pool's batched stake path,
 * the scheduler) goes through `Client.prototype.query`, so wrapping it once sees them all. A batched
 * simple-protocol query (`BEGIN; SELECT …`) is one round trip and counts as one, under its text. Texts
 * are grouped by their first words with whitespace folded, so the figures say which statements a
 * confirmation or a round costs without logging each one.
 */
import pg from 'pg';

export interface StatementTally {
  /** Starts counting afresh. */
  start(): void;
  /** Stops counting; the counts since start, by statement group, most frequent first. */
  stop(): Array<{ text: string; count: number }>;
}

const groupLength = 110;

export function tallyStatements(): StatementTally {
  const counts = new Map<string, number>();
  let counting = false;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    if (counting) {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
      // Inlined values (the batched stake path) are folded, so one statement is one group.
      const key = text
        .slice(0, 400)
        .replace(/'(?:[^']|'')*'/g, '?')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, groupLength);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  return {
    start() {
      counts.clear();
      counting = true;
    },
    stop() {
      counting = false;
      return [...counts].map(([text, count]) => ({ text, count })).sort((a, b) => b.count - a.count);
    },
  };
}
