import { addDays, DomainError, startOfPragueDay } from '@casino/core';
import type { Db } from '@casino/db';

/** Reports cover whole Europe/Prague days: [start of `from`, start of `to`), at most this many days. */
export const reportDaysMax = 3_700;

export interface PraguePeriod {
  fromDate: string;
  toDate: string;
  from: Date;
  to: Date;
}

/** A period of Prague calendar days, `to` exclusive; a bad one is a 400 naming the field. */
export function praguePeriod(fromDate: string, toDate: string): PraguePeriod {
  const from = startOfPragueDay(fromDate);
  const to = startOfPragueDay(toDate);
  if (to <= from) throw new DomainError('validation-failed', 'The period must end after it starts.', { field: 'query.to' });
  if (to.getTime() - from.getTime() > reportDaysMax * 86_400_000) {
    throw new DomainError('validation-failed', `A report covers at most ${reportDaysMax} days.`, { field: 'query.to' });
  }
  return { fromDate, toDate, from, to };
}

/** The instant a report "as at the end of `date`" reads up to (exclusive): the start of the next Prague day. */
export function endOfPragueDay(date: string): Date {
  return startOfPragueDay(addDays(date, 1));
}

/** The last sealed block when the report was made: what a reader can check the ledger's figures against. */
export interface SealedThrough {
  lastBlockNo: string | null;
  lastBlockHash: string | null;
}

export async function sealedThrough(db: Db): Promise<SealedThrough> {
  const [block] = await db.$queryRaw<
    Array<{ block_no: bigint; block_hash: string }>
  >`SELECT block_no, block_hash FROM ledger_block ORDER BY block_no DESC LIMIT 1`;
  return { lastBlockNo: block?.block_no.toString() ?? null, lastBlockHash: block?.block_hash ?? null };
}
