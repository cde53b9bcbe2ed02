import fc from 'fast-check';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvField, ExportFraming } from './framing.ts';

async function frame(
  chunks: Buffer[],
  format: 'csv' | 'jsonl',
  alreadyFramed = false,
): Promise<{ out: Buffer; records: number }> {
  const framing = new ExportFraming(format, { alreadyFramed });
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    framing,
    new Writable({
      write(chunk: Buffer, _e, cb) {
        parts.push(chunk);
        cb();
      },
    }),
  );
  return { out: Buffer.concat(parts), records: framing.records };
}

/** Splits bytes at the given cut points, as a socket would. */
function cut(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

const field = fc.string({ unit: fc.constantFrom('a', 'ž', ',', '"', '\n', ' ', '1'), maxLength: 8 });

describe('RFC 4180 framing of COPY output', () => {
  it('issue 10: ends each record with CRLF, keeps line breaks inside quoted fields, and counts records, however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (rows, cuts) => {
          // PostgreSQL's COPY CSV: fields quoted when they must be, records ended by LF.
          const copy = Buffer.from(rows.map((r) => `${r.map(csvField).join(',')}\n`).join(''), 'utf8');
          const { out, records } = await frame(cut(copy, cuts), 'csv');
          expect(records).toBe(rows.length);
          expect(out.toString('utf8')).toBe(rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join(''));
          expect(parse(out, { relax_column_count: true }) as string[][]).toEqual(rows);
          // Verification counts a finished file the same way without changing it.
          const again = await frame(cut(out, cuts), 'csv', true);
          expect([again.records, again.out.equals(out)]).toEqual([rows.length, true]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
