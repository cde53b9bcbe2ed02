import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const lf = 0x0a;
const cr = 0x0d;
const quote = 0x22;

/**
 * The bytes of an export on their way out: PostgreSQL's COPY writes CSV records ending in LF; RFC
 * 4180 ends them in CRLF. This turns each record-ending LF (one outside quotes) into CRLF, leaves
 * line breaks inside quoted fields alone, and counts records. JSON Lines pass through unchanged.
 * Either way it hashes (SHA-256) and counts every byte it passes on, for the manifest.
 */
export class ExportFraming extends Transform {
  readonly #csv: boolean;
  readonly #hash: Hash = createHash('sha256');
  #inQuotes = false;
  #records = 0;
  #bytes = 0;

  readonly #alreadyFramed: boolean;

  /** `alreadyFramed`: count and hash a finished file (verification) without changing a byte. */
  constructor(format: 'csv' | 'jsonl', options: { alreadyFramed?: boolean } = {}) {
    super();
    this.#csv = format === 'csv';
    this.#alreadyFramed = options.alreadyFramed ?? false;
  }

  /** Records (lines) passed so far, the header included. */
  get records(): number {
    return this.#records;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The SHA-256 of everything passed; call once, after the stream ended. */
  digest(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const out = !this.#csv ? this.#countLines(chunk) : this.#alreadyFramed ? this.#countCsvRecords(chunk) : this.#csvChunk(chunk);
    this.#hash.update(out);
    this.#bytes += out.length;
    callback(null, out);
  }

  #countLines(chunk: Buffer): Buffer {
    for (let at = chunk.indexOf(lf); at !== -1; at = chunk.indexOf(lf, at + 1)) this.#records++;
    return chunk;
  }

  #countCsvRecords(chunk: Buffer): Buffer {
    this.#records += this.#recordEnds(chunk).length;
    return chunk;
  }

  /**
   * Offsets of the LFs that end records: those outside quotes. Jumps from quote to quote and LF to LF
   * with indexOf (memchr) rather than looking at every byte; a doubled quote inside a quoted field
   * toggles twice, which leaves the state right.
   */
  #recordEnds(chunk: Buffer): number[] {
    const ends: number[] = [];
    let inQuotes = this.#inQuotes;
    // The next quote and LF at or after `at`, each searched again only once passed (-1: none left).
    let nextQuote = chunk.indexOf(quote);
    let nextLf = inQuotes ? 0 : chunk.indexOf(lf);
    let at = 0;
    for (;;) {
      if (nextQuote !== -1 && nextQuote < at) nextQuote = chunk.indexOf(quote, at);
      if (inQuotes) {
        if (nextQuote === -1) break;
        inQuotes = false;
        at = nextQuote + 1;
        continue;
      }
      if (nextLf !== -1 && nextLf < at) nextLf = chunk.indexOf(lf, at);
      if (nextQuote !== -1 && (nextLf === -1 || nextQuote < nextLf)) {
        inQuotes = true;
        at = nextQuote + 1;
      } else if (nextLf !== -1) {
        ends.push(nextLf);
        at = nextLf + 1;
      } else {
        break;
      }
    }
    this.#inQuotes = inQuotes;
    return ends;
  }

  #csvChunk(chunk: Buffer): Buffer {
    // The record ends first, so the output is allocated at its exact size, then copied with a CR before each.
    const ends = this.#recordEnds(chunk);
    this.#records += ends.length;
    if (ends.length === 0) return chunk;
    const out = Buffer.allocUnsafe(chunk.length + ends.length);
    let length = 0;
    let start = 0;
    for (const end of ends) {
      length += chunk.copy(out, length, start, end);
      out[length++] = cr;
      out[length++] = lf;
      start = end + 1;
    }
    chunk.copy(out, length, start);
    return out;
  }
}

/** The header record as it enters ExportFraming (which ends it in CRLF): names quoted only when they must be. */
export function csvHeader(names: readonly string[]): string {
  return `${names.map(csvField).join(',')}\n`;
}

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
