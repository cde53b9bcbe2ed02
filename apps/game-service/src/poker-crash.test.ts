/**
 * A game-service process killed with SIGKILL in the middle of a poker hand (issue 16): nothing of the
 * running hand was written but the mark that it runs, so the next process to take the table (after
 * the dead one's lease lapses) voids it: every chip back as it stood when the hand began, no rake, a
 * voided hand on record; the money stays where the ledger says, and play goes on. The service runs as
 * its own Node process (`node --import tsx`, as tests/startup.test.ts runs services) on the harness's
 * database; the harness only makes the players and their tokens.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { Money, newId } from '@casino/core';
import { waitFor } from '@casino/core/testing';
import { testServiceEnv } from '@casino/http/testing';
import { findInvariantViolations, findTransactionIdByIdempotencyKey } from '@casino/ledger';
import { demoPokerTables, pokerRuleProfiles } from '@casino/operator';
import { createPokerTable, escrowAndStacks, pokerRakeKey } from '@casino/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGameHarness, type GameHarness, type TestPlayer } from './test-support.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const server = path.join(root, 'apps', 'game-service', 'src', 'server.ts');
const leaseTtlMs = 2_000;
/** Starting a service process and the lease's lapse take seconds on a busy machine. */
const slowMs = 60_000;

let h: GameHarness;
const children: ChildProcessWithoutNullStreams[] = [];
beforeAll(async () => {
  h = await startGameHarness();
  // Only the child processes drive poker tables here.
  await h.app.pokerRoom.stop();
}, slowMs);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await h?.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Service {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

async function startService(): Promise<Service> {
  const port = await freePort();
  const env = {
    ...testServiceEnv({
      DATABASE_URL: h.connections.testDatabase.url,
      GAME_SERVICE_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      POKER_LEASE_TTL_MS: String(leaseTtlMs),
      POKER_CLAIM_SCAN_INTERVAL_MS: '200',
    }),
    PATH: process.env.PATH,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', server], { env, cwd: root });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}): ${output}`);
      return (await fetch(`${url}/health/ready`).catch(() => null))?.ok ?? false;
    },
    { what: 'the game service ready', timeoutMs: slowMs },
  );
  return { child, url, output: () => output };
}

const czk = (minor: bigint) => ({ amount: Money.fromMinor(minor, 'CZK').toDecimalString(), currency: 'CZK' });

async function call(service: Service, player: TestPlayer, method: string, route: string, body?: object) {
  const response = await fetch(`${service.url}${route}`, {
    method,
    headers: { ...player.headers, 'idempotency-key': newId(), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function tableRow(tableId: string) {
  const [row] = await h.connections.db.$queryRaw<Array<{ running_hand_id: string | null; lease_owner: string | null }>>`
    SELECT running_hand_id, lease_owner FROM poker_table WHERE id = ${tableId}::uuid`;
  return row!;
}

async function storedStacks(tableId: string) {
  const rows = await h.connections.db.$queryRaw<Array<{ player_id: string; stack_minor: bigint }>>`
    SELECT player_id, stack_minor FROM poker_seat WHERE table_id = ${tableId}::uuid ORDER BY seat`;
  return rows.map((r) => [r.player_id, r.stack_minor] as const);
}

describe('poker: a game-service process killed mid-hand (issue 16)', () => {
  it(
    '000-001:FAIL-01 A-29 003:R-TECH-01 004:AMB-43 TEC-04 GAM-P-07 TEC-01 after SIGKILL mid-hand the next process voids the hand: stacks back to the start of the hand, no rake, the escrow equal to the stored stacks, the ledger balanced, and play goes on',
    async () => {
      const definition = demoPokerTables('CZK').find((d) => d.profileId === 'CZ-FO' && d.variant === 'holdem/no-limit')!;
      const { id: tableId } = await createPokerTable(h.connections.db, {
        definition: { ...definition, name: `${definition.name} crash ${newId().slice(-6)}` },
        profile: pokerRuleProfiles[definition.profileId],
        now: h.clock.now(),
      });
      const players = [await h.newPlayer({ deposit: '2000.00' }), await h.newPlayer({ deposit: '2000.00' })];
      const buyInMinor = definition.buyInMinMinor * 2n;

      const first = await startService();
      for (const player of players) {
        const sat = await call(first, player, 'POST', `/v1/poker/tables/${tableId}/seats`, { buyIn: czk(buyInMinor) });
        expect(sat.status, JSON.stringify(sat.body)).toBe(201);
      }
      // The first hand is dealt at once; the player to act calls, so chips are in the pot when the process dies.
      const dealt = await waitFor(
        async () => {
          const view = await call(first, players[0]!, 'GET', `/v1/poker/tables/${tableId}`);
          return view.body.table?.toAct ? view.body : null;
        },
        { what: 'the first hand dealt', timeoutMs: slowMs },
      );
      const seats = await Promise.all(
        players.map(async (p) => (await call(first, p, 'GET', `/v1/poker/tables/${tableId}`)).body.mine.seat as number),
      );
      const toAct = players[seats.indexOf(dealt.table.toAct.seat)]!;
      const acted = await call(first, toAct, 'POST', `/v1/poker/tables/${tableId}/actions`, {
        action: 'call',
        turn: dealt.table.toAct.turn,
      });
      expect(acted.status, JSON.stringify(acted.body)).toBe(200);
      const runningHandId = dealt.table.handId as string;
      expect((await tableRow(tableId)).running_hand_id).toBe(runningHandId);
      const startOfHand = await storedStacks(tableId);
      expect(startOfHand.map(([, stack]) => stack)).toEqual([buyInMinor, buyInMinor]);

      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      // A new process takes the table once the dead one's lease has lapsed, and voids the hand.
      const second = await startService();
      const voided = await waitFor(
        async () => (await h.connections.db.pokerHand.findFirst({ where: { tableId, status: 'VOIDED' } })) ?? null,
        { what: 'the interrupted hand voided', timeoutMs: slowMs },
      );
      expect(voided).toMatchObject({ id: runningHandId, handNumber: 1, rakeMinor: 0n });
      expect(await findTransactionIdByIdempotencyKey(h.connections.db, pokerRakeKey(runningHandId))).toBeNull();
      expect(await h.connections.db.pokerHand.count({ where: { tableId, status: 'COMPLETED' } })).toBe(0);
      expect(await storedStacks(tableId)).toEqual(startOfHand);
      const { escrowMinor, stacksMinor } = await escrowAndStacks(h.connections.db, tableId);
      expect(escrowMinor).toBe(2n * buyInMinor);
      expect(stacksMinor).toBe(escrowMinor);
      expect(await findInvariantViolations(h.connections.db)).toEqual([]);
      expect((await tableRow(tableId)).lease_owner).not.toBeNull();

      // Play goes on: the next hand is dealt from the stored stacks, under the new process.
      const next = await waitFor(
        async () => {
          const view = await call(second, players[0]!, 'GET', `/v1/poker/tables/${tableId}`);
          return view.body.table?.handNumber === 2 && view.body.table.toAct ? view.body : null;
        },
        { what: 'the next hand dealt by the new process', timeoutMs: slowMs },
      );
      expect(next.table.handId).not.toBe(runningHandId);

      second.child.kill('SIGTERM');
      const code = await new Promise((resolve) => second.child.once('exit', (c) => resolve(c)));
      expect(code, second.output()).toBe(0);
      // The graceful stop voided the hand it was running and let the lease go.
      expect((await tableRow(tableId)).lease_owner).toBeNull();
      expect(await findInvariantViolations(h.connections.db)).toEqual([]);
      const after = await escrowAndStacks(h.connections.db, tableId);
      expect(after.escrowMinor).toBe(after.stacksMinor);
    },
    4 * slowMs,
  );
});
