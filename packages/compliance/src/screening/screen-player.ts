import { DomainError } from '@casino/core';
import { transaction, type Db, type Tx } from '@casino/db';
import { actorId, type Actor } from '../actor.ts';
import { appendAuditEntry } from '../audit/audit-log.ts';
import { findAlert, raiseAlert } from '../cases/alerts.ts';
import { requireActiveStaff } from '../accounts/account-actions.ts';
import { assertStaffMove, lockPlayer, movePlayer } from '../accounts/player-state.ts';
import type { ComplianceContext } from '../context.ts';
import { defaultComplianceRules, type ComplianceRules } from '../rules.ts';
import type { ScreenedPerson, ScreeningMatch } from './matcher.ts';
import { currentScreeningIndex } from './screening-lists.ts';

/** The rule code of screening alerts: one open screening alert per player at a time. */
export const screeningRuleCode = 'sanctions-pep-screening';
/** Alert scores (0..100) towards the player's risk: a strong match weighs more than a weak one. */
const reviewAlertScore = 50;
const strongAlertScore = 80;

export interface ScreenPlayerOptions {
  playerId: string;
  person: ScreenedPerson;
  at: Date;
  rules?: ComplianceRules;
}

export interface ScreeningResult {
  outcome: 'CLEARED' | 'HIT';
  matches: ScreeningMatch[];
  alertId: string | null;
}

/**
 * Screens a player against the sanctions and PEP lists (002:KYC-01, KYC-02): at registration, on a
 * change of personal data and after every list update. Matches scoring at least the review threshold
 * that an officer has not already cleared open an alert and set the player's screening status to HIT,
 * which holds registration completion (002:AML-02, AMB-PEP) until an officer decides.
 */
export async function screenPlayer(tx: Tx, options: ScreenPlayerOptions): Promise<ScreeningResult> {
  const rules = options.rules ?? defaultComplianceRules;
  const index = await currentScreeningIndex(tx);
  const found = index.screen(options.person, {
    scoreBpsMin: rules.screening.reviewScoreBpsMin,
    candidatesMax: rules.screening.candidatesMax,
    matchesMax: rules.screening.matchesPerAlertMax,
  });
  const matches = await withoutCleared(tx, options.playerId, found);
  if (matches.length > 0) {
    const strong = matches[0]!.scoreBps >= rules.screening.strongScoreBpsMin;
    const { alertId } = await raiseAlert(tx, rules, {
      playerId: options.playerId,
      source: 'SCREENING',
      ruleCode: screeningRuleCode,
      score: strong ? strongAlertScore : reviewAlertScore,
      at: options.at,
      details: { priority: strong ? 'high' : 'review', screenedName: options.person.fullName, matches },
    });
    await tx.player.update({ where: { id: options.playerId }, data: { screeningStatus: 'HIT' } });
    return { outcome: 'HIT', matches, alertId };
  }
  const openAlert = await tx.complianceAlert.findFirst({
    where: { playerId: options.playerId, ruleCode: screeningRuleCode, status: { not: 'CLOSED' } },
    select: { id: true },
  });
  if (openAlert) return { outcome: 'HIT', matches: [], alertId: openAlert.id };
  await tx.player.update({ where: { id: options.playerId }, data: { screeningStatus: 'CLEARED' } });
  return { outcome: 'CLEARED', matches: [], alertId: null };
}

async function withoutCleared(tx: Tx, playerId: string, matches: ScreeningMatch[]): Promise<ScreeningMatch[]> {
  if (matches.length === 0) return matches;
  const cleared = await tx.screeningClearance.findMany({ where: { playerId, entryKey: { in: matches.map((m) => m.entryKey) } } });
  const clearedHashes = new Map(cleared.map((c) => [c.entryKey, c.contentHash]));
  return matches.filter((m) => clearedHashes.get(m.entryKey) !== m.contentHash);
}

const rescreenBatchSizeMax = 200;

/**
 * Re-screens every player whose account is not closed or cancelled against the current lists
 * (after a list update, 002:AMB-SCREEN). Safe to run twice: an open alert gains an occurrence,
 * cleared matches stay cleared. Returns how many players were screened and how many hit.
 */
export async function rescreenAllPlayers(
  db: Db,
  at: Date,
  rules: ComplianceRules = defaultComplianceRules,
): Promise<{ screened: number; hits: number }> {
  let screened = 0;
  let hits = 0;
  let after: string | undefined;
  for (;;) {
    const players = await db.player.findMany({
      where: { state: { notIn: ['CLOSED', 'CANCELLED'] }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, firstName: true, surname: true, dateOfBirth: true, citizenship: true },
      orderBy: { id: 'asc' },
      take: rescreenBatchSizeMax,
    });
    for (const p of players) {
      const result = await transaction(db, (tx) => screenPlayer(tx, { playerId: p.id, at, rules, person: screenedPersonOf(p) }));
      screened++;
      if (result.outcome === 'HIT') hits++;
    }
    if (players.length < rescreenBatchSizeMax) return { screened, hits };
    after = players.at(-1)!.id;
  }
}

export function screenedPersonOf(player: {
  firstName: string;
  surname: string;
  dateOfBirth: Date;
  citizenship: string;
}): ScreenedPerson {
  return {
    fullName: `${player.firstName} ${player.surname}`,
    dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10),
    citizenship: player.citizenship,
  };
}

export interface ResolveScreeningAlertOptions {
  alertId: string;
  outcome: 'confirmed-match' | 'false-positive';
  reason: string;
}

/**
 * An officer's decision on a screening alert. A confirmed match blocks the account (an applicant's
 * application is closed instead; a blocked or closed account stays as it is) and keeps the screening
 * status HIT. A false positive clears each match for this entry content, so the same entry does not
 * alert again unless the list changes it, and clears the player's screening status.
 */
export async function resolveScreeningAlert(
  ctx: ComplianceContext,
  actor: Actor & { kind: 'staff' },
  options: ResolveScreeningAlertOptions,
): Promise<{ playerState: string }> {
  return transaction(ctx.db, async (tx) => {
    await requireActiveStaff(tx, actor.staffUserId);
    const now = ctx.clock.now();
    const alert = await findAlert(tx, options.alertId);
    if (alert.ruleCode !== screeningRuleCode)
      throw new DomainError('conflict', 'This is not a screening alert; decide it through its case.', {
        field: 'params.alertId',
      });
    if (alert.status === 'CLOSED')
      throw new DomainError('conflict', 'This alert is already decided.', { field: 'params.alertId' });
    const player = await lockPlayer(tx, alert.playerId);
    let playerState: string = player.state;
    if (options.outcome === 'confirmed-match') {
      const move = player.state === 'APPLICANT' ? 'close' : 'block';
      if (player.state !== 'BLOCKED' && player.state !== 'CLOSED' && player.state !== 'CANCELLED') {
        assertStaffMove(move, player.state);
        playerState = move === 'close' ? 'CLOSED' : 'BLOCKED';
        await movePlayer(tx, move, player.id, player.state, playerState as 'CLOSED' | 'BLOCKED', {
          reason: 'confirmed sanctions/PEP match (002:KYC-01)',
          actor: actorId(actor),
          at: now,
        });
      }
    } else {
      const matches = (alert.details as { matches?: ScreeningMatch[] }).matches ?? [];
      for (const m of matches) {
        await tx.screeningClearance.upsert({
          where: { playerId_entryKey: { playerId: player.id, entryKey: m.entryKey } },
          create: {
            playerId: player.id,
            entryKey: m.entryKey,
            contentHash: m.contentHash,
            clearedBy: actor.staffUserId,
            clearedAt: now,
          },
          update: { contentHash: m.contentHash, clearedBy: actor.staffUserId, clearedAt: now },
        });
      }
      await tx.player.update({ where: { id: player.id }, data: { screeningStatus: 'CLEARED' } });
    }
    await tx.complianceAlert.update({
      where: { id: alert.id },
      data: { status: 'CLOSED', outcome: options.outcome, closedBy: actor.staffUserId, closedAt: now },
    });
    await appendAuditEntry(tx, actor, now, {
      action: 'alert.resolve-screening',
      subjectType: 'alert',
      subjectId: alert.id,
      reason: options.reason,
      before: { status: alert.status, playerState: player.state, screeningStatus: player.screeningStatus },
      after: { status: 'CLOSED', outcome: options.outcome, playerState },
    });
    return { playerState };
  });
}
