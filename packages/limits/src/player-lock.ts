import { assert, DomainError } from '@casino/core';
import { lockPlayer as takePlayerLock, type Tx } from '@casino/db';
import { exclusionRuns, stateOf, type MeasureState } from './measures.ts';

/** The player's limits row, read under the player lock, which holds for the rest of the caller's transaction. */
export interface LockedPlayer {
  playerId: string;
  /** The account's state (packages/players): only a temporary or registered account may play or deposit. */
  accountState: string;
  closedAt: Date | null;
  /** The player's account says the MF register of excluded persons lists them (002:KYC-01 (i)(b)). */
  listedInRegister: boolean;
  /** A sanctions or PEP screening match awaits a compliance officer (002:KYC-01 (ii), D-902). */
  screeningHit: boolean;
  realityCheckMinutes: number | null;
}

export interface LockRow {
  state: string;
  closed_at: Date | null;
  reality_check_minutes: number | null;
  register_status: string;
  screening_status: string;
}

/**
 * The per-player lock (ARCHITECTURE idea 3): the platform's one player lock (`lockPlayer` of
 * @casino/db, which documents the lock order), then the player's limits row, created on first use.
 * Every check of a deposit, stake or playing time and every change of a measure takes it first, so
 * one player's requests are decided one after another and the counters read after it are the
 * committed ones (READ COMMITTED reads a new snapshot per statement). Every writer of
 * `player_self_limits` takes it, so the row needs no lock of its own. Callers take it before their
 * ledger posting: player lock, then ledger accounts.
 */
export async function lockPlayer(tx: Tx, playerId: string, at: Date): Promise<LockedPlayer> {
  await takePlayerLock(tx, playerId);
  let row = await readLimitsRow(tx, playerId);
  if (!row) {
    await ensurePlayerSelfLimits(tx, playerId, at);
    row = await readLimitsRow(tx, playerId);
  }
  return lockedPlayerOf(playerId, row);
}

/** The locked player from their limits row (none: no such player). */
export function lockedPlayerOf(playerId: string, row: LockRow | undefined | null): LockedPlayer {
  if (!row) throw new DomainError('not-found', 'No such player.', { field: 'playerId' });
  return {
    playerId,
    accountState: row.state,
    closedAt: row.closed_at,
    listedInRegister: row.register_status === 'LISTED',
    screeningHit: row.screening_status === 'HIT',
    realityCheckMinutes: row.reality_check_minutes,
  };
}

async function readLimitsRow(tx: Tx, playerId: string): Promise<LockRow | undefined> {
  const rows = await tx.$queryRaw<LockRow[]>`
    SELECT p.state::text AS state, l.closed_at, l.reality_check_minutes, p.register_status::text AS register_status,
           p.screening_status::text AS screening_status
    FROM player_self_limits l JOIN player p ON p.id = l.player_id
    WHERE l.player_id = ${playerId}::uuid`;
  assert(rows.length <= 1, 'one limits row per player');
  return rows[0];
}

/** Creates the player's limits row unless it exists; nothing for an unknown player. */
export async function ensurePlayerSelfLimits(tx: Tx, playerId: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO player_self_limits (player_id, created_at)
    SELECT id, ${at} FROM player WHERE id = ${playerId}::uuid
    ON CONFLICT (player_id) DO NOTHING`;
}

/** The account states in which a player may play and deposit (004 §3.2: temporary and full accounts). */
const activeAccountStates: readonly string[] = ['TEMPORARY', 'REGISTERED'];

/**
 * Whether the player may take part at all: an account in another state than temporary or registered
 * (blocked, dormant, closed or cancelled), then, in the order a player can do something about it, an
 * account they closed, a listing in the register of excluded persons, a sanctions or PEP match that
 * awaits an officer (002:KYC-01 (ii), KYC-02: a temporary account too), a running self-exclusion
 * (004:SLM-05, 002:KYC-01, RG-11). Balance and withdrawals never come here.
 */
export function assertMayTakePart(locked: LockedPlayer, states: ReadonlyMap<string, MeasureState>, at: Date): void {
  // Blocked or closed by staff, dormant, cancelled: decided under the same lock, so a still-valid
  // access token cannot stake or deposit after the change (packages/compliance account actions).
  if (!activeAccountStates.includes(locked.accountState)) {
    throw new DomainError(
      'account-not-active',
      `This account is ${locked.accountState.toLowerCase()}; it cannot be used for play or deposits.`,
      { extensions: { accountState: locked.accountState } },
    );
  }
  if (locked.closedAt !== null) {
    throw new DomainError('account-not-active', 'This account was closed by the player; it cannot be used for play or deposits.');
  }
  if (locked.listedInRegister) {
    throw new DomainError(
      'listed-in-register',
      'The player is listed in the register of excluded persons and may not take part in gambling (§16 ZHH).',
    );
  }
  if (locked.screeningHit) {
    throw new DomainError(
      'screening-hold',
      'The player matches a sanctions or PEP list entry; play and deposits wait for a compliance decision (002:KYC-01).',
    );
  }
  const exclusion = stateOf(states, 'self-exclusion').inForce;
  if (exclusionRuns(exclusion, at)) {
    const until = exclusion.excludedUntil;
    throw new DomainError(
      'self-excluded',
      until ? `The player is self-excluded until ${until.toISOString()}.` : 'The player is self-excluded indefinitely.',
      {
        extensions: { excludedUntil: until?.toISOString() ?? null },
      },
    );
  }
}
