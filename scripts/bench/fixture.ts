/**
 * The benchmark's accounts: the CZK operator chart, one payment provider's clearing account and
 * many funded player wallets. Operator accounts go through the ledger's own openAccount; the
 * wallets are inserted in bulk (10,000 one-by-one openAccount calls would take longer than a
 * scenario) but from the same AccountSpec, so the rows are the ones openAccount would write.
 */
import { assert, Money, newId, type AccountId } from '@casino/core';
import { transaction, type Db } from '@casino/db';
import {
  findAccountByCode,
  openAccount,
  openOperatorAccounts,
  operatorAccountCode,
  paymentProviderClearingSpec,
  playerWalletSpec,
  post,
  type AccountSpec,
  type PostingLine,
} from '@casino/ledger';
import pg from 'pg';

export interface BenchAccounts {
  psp: AccountId;
  roulette: AccountId;
  pendingWithdrawals: AccountId;
  wallets: AccountId[];
}

/** Each wallet starts with this much: far more than 32 clients can spend in a run at ≤ 100 CZK a time. */
export const walletFunding = Money.of('10000000', 'CZK');

export async function setUpAccounts(
  db: Db,
  databaseUrl: string,
  walletCount: number,
  hotShardCount: number,
): Promise<BenchAccounts> {
  await openOperatorAccounts(db, ['CZK'], hotShardCount);
  const psp = await openAccount(db, paymentProviderClearingSpec('bench-psp', 'CZK', hotShardCount));
  const byCode = async (code: string): Promise<AccountId> => {
    const account = await findAccountByCode(db, code);
    assert(account !== null, `operator account ${code} missing`);
    return account.id;
  };
  const wallets = await insertWallets(databaseUrl, walletCount);
  await checkWalletMatchesOpenAccount(db, wallets[0]!);
  await fundWallets(
    db,
    psp.id,
    wallets.map((w) => w.id),
  );
  return {
    psp: psp.id,
    roulette: await byCode(operatorAccountCode('game-revenue', 'CZK', 'roulette')),
    pendingWithdrawals: await byCode(operatorAccountCode('pending-withdrawals', 'CZK')),
    wallets: wallets.map((w) => w.id),
  };
}

interface WalletRow {
  id: AccountId;
  spec: AccountSpec;
}

/** The same two INSERTs as openAccount (account row, then its shard rows), for many accounts per statement. */
async function insertWallets(databaseUrl: string, count: number): Promise<WalletRow[]> {
  const rows: WalletRow[] = Array.from({ length: count }, () => ({
    id: newId<AccountId>(),
    spec: playerWalletSpec(newId(), 'cash', 'CZK'),
  }));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_account (id, code, owner_kind, owner_id, purpose, currency, type, allow_negative, shard_count)
       SELECT id, code, owner_kind::"LedgerOwnerKind", owner_id, purpose, currency, type::"LedgerAccountType", allow_negative, shard_count
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::int[])
         AS t(id, code, owner_kind, owner_id, purpose, currency, type, allow_negative, shard_count)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.spec.code),
        rows.map((r) => r.spec.ownerKind),
        rows.map((r) => r.spec.ownerId),
        rows.map((r) => r.spec.purpose),
        rows.map((r) => r.spec.currency),
        rows.map((r) => r.spec.type),
        rows.map((r) => r.spec.allowNegative),
        rows.map((r) => r.spec.shardCount),
      ],
    );
    await client.query(
      `INSERT INTO ledger_account_shard (account_id, shard_no)
       SELECT a.id, generate_series(0, a.shard_count - 1) FROM ledger_account a WHERE a.id = ANY($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
    await client.query('COMMIT');
    // The planner has no statistics for freshly loaded tables (autovacuum may be off); give it some.
    await client.query('ANALYZE ledger_account; ANALYZE ledger_account_shard');
  } finally {
    await client.end();
  }
  return rows;
}

/** openAccount on an existing code returns the stored row after checking its definition: a cheap proof the bulk rows match. */
async function checkWalletMatchesOpenAccount(db: Db, wallet: WalletRow): Promise<void> {
  const reopened = await openAccount(db, wallet.spec);
  assert(
    reopened.id === wallet.id && reopened.shardCount === 1 && reopened.ownerId === wallet.spec.ownerId,
    'bulk-inserted wallet differs from openAccount',
  );
}

/** DEPOSITs from the PSP clearing account, one ledger `post` per 63 wallets (64 lines is post's maximum). */
async function fundWallets(db: Db, psp: AccountId, wallets: readonly AccountId[]): Promise<void> {
  const perPost = 63;
  const batches: AccountId[][] = [];
  for (let i = 0; i < wallets.length; i += perPost) batches.push(wallets.slice(i, i + perPost));
  const fundOne = async (batch: AccountId[]): Promise<void> => {
    const postings: PostingLine[] = batch.map((accountId) => ({ accountId, amount: walletFunding.negated() }));
    postings.push({ accountId: psp, amount: Money.fromMinor(walletFunding.toMinor() * BigInt(batch.length), 'CZK') });
    await transaction(db, (tx) => post(tx, { idempotencyKey: `bench-fund:${newId()}`, kind: 'DEPOSIT', postings }, new Date()));
  };
  // A few batches at a time: the PSP account is sharded, so they do not queue on one row.
  const workers = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < batches.length) await fundOne(batches[next++]!);
    }),
  );
}
