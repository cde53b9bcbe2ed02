import { createHash } from 'node:crypto';
import { assert } from '@casino/core';
import type { Db, Tx } from '@casino/db';

/**
 * Tamper evidence. Sealing hashes every ledger transaction whose PostgreSQL transaction id (xid) is
 * in [fromXid, toXid) into a block chained to the previous block's hash. `toXid` never passes the
 * oldest transaction still running, so a range, once sealed, can never gain a late-committing
 * entry: every xid below that horizon has committed or aborted.
 */
export const genesisHash = '0'.repeat(64);
const sealLockKey = 7_301n;

export interface SealOptions {
  /** A block holds about this many transactions (all of one xid stay together). */
  transactionsPerBlockMax: number;
  blocksMax: number;
}

export interface SealResult {
  blocksSealed: number;
  transactionsSealed: number;
}

export async function sealBlocks(db: Db, options: SealOptions): Promise<SealResult> {
  assert(options.transactionsPerBlockMax >= 1 && options.blocksMax >= 1, 'seal limits must be positive');
  const result: SealResult = { blocksSealed: 0, transactionsSealed: 0 };
  for (let i = 0; i < options.blocksMax; i++) {
    const sealed = await db.$transaction((tx) => sealOneBlock(tx, options.transactionsPerBlockMax), { timeout: 60_000 });
    if (sealed === 0) break;
    result.blocksSealed++;
    result.transactionsSealed += sealed;
  }
  return result;
}

async function sealOneBlock(tx: Tx, transactionsMax: number): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${sealLockKey})`; // one sealer at a time
  const [last] = await tx.$queryRaw<Array<{ block_no: bigint; to_xid: string; block_hash: string }>>`
    SELECT block_no, to_xid::text, block_hash FROM ledger_block ORDER BY block_no DESC LIMIT 1`;
  const fromXid = last?.to_xid ?? '0';
  const [range] = await tx.$queryRaw<[{ horizon: string; last_xid: string | null; n: bigint }]>`
    WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
    candidates AS (
      SELECT t.xid FROM ledger_transaction t, horizon
      WHERE t.xid >= ${fromXid}::xid8 AND t.xid < horizon.xmin ORDER BY t.xid LIMIT ${transactionsMax})
    SELECT (SELECT xmin::text FROM horizon) AS horizon, (SELECT max(xid)::text FROM candidates) AS last_xid, (SELECT count(*) FROM candidates) AS n`;
  if (range.n === 0n || range.last_xid === null) return 0;
  // A full batch ends after its last xid (so one xid's transactions stay together); else at the horizon.
  const toXid = range.n < BigInt(transactionsMax) ? range.horizon : (BigInt(range.last_xid) + 1n).toString();
  const entries = await entriesInRange(tx, fromXid, toXid);
  const blockNo = (last?.block_no ?? 0n) + 1n;
  const previousHash = last?.block_hash ?? genesisHash;
  const entriesHash = hashEntries(entries);
  const blockHash = hashBlock({ blockNo, fromXid, toXid, transactionCount: entries.length, entriesHash, previousHash });
  await tx.$executeRaw`
    INSERT INTO ledger_block (block_no, from_xid, to_xid, transaction_count, entries_hash, previous_hash, block_hash)
    VALUES (${blockNo}, ${fromXid}::xid8, ${toXid}::xid8, ${entries.length}, ${entriesHash}, ${previousHash}, ${blockHash})`;
  return entries.length;
}

/** The canonical text of each transaction in an xid range, postings included, in xid then id order. */
async function entriesInRange(tx: Tx | Db, fromXid: string, toXid: string): Promise<string[]> {
  const rows = await tx.$queryRaw<Array<{ entry: string }>>`
    SELECT json_build_array(
             t.id, t.xid::text, t.idempotency_key, t.request_hash, t.kind, t.metadata::text, t.reverses_transaction_id,
             to_char(t.effective_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             (SELECT json_agg(json_build_array(p.id::text, p.account_id, p.shard_no, p.currency, p.amount_minor::text,
                                               to_char(p.effective_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY p.id)
              FROM ledger_posting p WHERE p.transaction_id = t.id)
           )::text AS entry
    FROM ledger_transaction t
    WHERE t.xid >= ${fromXid}::xid8 AND t.xid < ${toXid}::xid8
    ORDER BY t.xid, t.id`;
  return rows.map((r) => r.entry);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hashEntries(entries: string[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(sha256(entry)).update('\n');
  return hash.digest('hex');
}

function hashBlock(block: {
  blockNo: bigint;
  fromXid: string;
  toXid: string;
  transactionCount: number;
  entriesHash: string;
  previousHash: string;
}): string {
  return sha256(
    JSON.stringify([
      block.blockNo.toString(),
      block.fromXid,
      block.toXid,
      block.transactionCount,
      block.entriesHash,
      block.previousHash,
    ]),
  );
}

export type VerifyResult =
  { ok: true; blocksVerified: number } | { ok: false; blocksVerified: number; brokenBlockNo: bigint; reason: string };

/** Walks the chain from the first block and names the first block whose contents or links no longer match. */
export async function verifyChain(db: Db): Promise<VerifyResult> {
  const blocks = await db.$queryRaw<
    Array<{
      block_no: bigint;
      from_xid: string;
      to_xid: string;
      transaction_count: number;
      entries_hash: string;
      previous_hash: string;
      block_hash: string;
    }>
  >`
    SELECT block_no, from_xid::text, to_xid::text, transaction_count, entries_hash, previous_hash, block_hash FROM ledger_block ORDER BY block_no`;
  let previousHash = genesisHash;
  let verified = 0;
  for (const block of blocks) {
    const broken = (reason: string): VerifyResult => ({
      ok: false,
      blocksVerified: verified,
      brokenBlockNo: block.block_no,
      reason,
    });
    if (block.previous_hash !== previousHash) return broken('its previous-hash link does not match the block before it');
    const entries = await entriesInRange(db, block.from_xid, block.to_xid);
    if (entries.length !== block.transaction_count)
      return broken(`it sealed ${block.transaction_count} transactions, ${entries.length} are there now`);
    const entriesHash = hashEntries(entries);
    if (entriesHash !== block.entries_hash) return broken('a transaction or posting in it changed after sealing');
    const blockHash = hashBlock({
      blockNo: block.block_no,
      fromXid: block.from_xid,
      toXid: block.to_xid,
      transactionCount: block.transaction_count,
      entriesHash,
      previousHash: block.previous_hash,
    });
    if (blockHash !== block.block_hash) return broken('its header changed after sealing');
    previousHash = block.block_hash;
    verified++;
  }
  return { ok: true, blocksVerified: verified };
}
