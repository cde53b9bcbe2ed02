import { DomainError, type AccountId } from '@casino/core';
import { transaction } from '@casino/db';
import * as ledger from '@casino/ledger';
import type { PlayersContext } from './context.ts';
import { registerPersonOf } from './person.ts';
import type { RegisterPerson } from '@casino/core';
import { transition } from './states.ts';

export interface CompleteRegistrationRequest {
  playerId: string;
  /** The payment method the cashier verified (004:REG-23, AMB-08); completion is its consequence. */
  verifiedPaymentMethodId: string;
}

/**
 * Completes registration (004:REG-24): within the temporary account's 30 days (TMP-10), with the
 * identity and age verified through MF and the register checked again just before (REG-04), the
 * sanctions/PEP screening cleared, and a verified payment method. The full account opens and the
 * temporary wallet's whole balance, wins included, moves to the cash wallet in one ledger
 * transaction (TMP-07).
 */
export async function completeRegistration(
  ctx: PlayersContext,
  request: CompleteRegistrationRequest,
): Promise<{ cashWalletId: AccountId; transferred: string }> {
  const player = await ctx.db.player.findUnique({ where: { id: request.playerId } });
  if (!player) throw new DomainError('not-found', 'No such player.');
  if (player.state === 'CANCELLED')
    throw new DomainError(
      'registration-expired',
      'The 30 days of the temporary account have passed; the person must register again (004:TMP-10).',
    );
  // The application channel completes a temporary account; the branch channel an applicant whose
  // contract was concluded at the branch (004 čl. 4.2.3: a verified payment account, then play).
  const atBranch =
    player.state === 'APPLICANT' &&
    (await ctx.db.branchContract.findUnique({ where: { playerId: player.id }, select: { concludedAt: true } }))?.concludedAt;
  if (player.state !== 'TEMPORARY' && !atBranch)
    throw new DomainError('registration-incomplete', `A ${player.state.toLowerCase()} account cannot complete registration.`);
  if (player.screeningStatus !== 'CLEARED')
    throw new DomainError('registration-incomplete', 'Sanctions and PEP screening awaits a compliance decision (002:KYC-01).');
  const birthNumber = player.birthNumberEncrypted ? ctx.pii.decrypt(player.birthNumberEncrypted) : null;
  const person = registerPersonOf(
    { ...player, dateOfBirth: player.dateOfBirth.toISOString().slice(0, 10), placeOfBirth: player.placeOfBirth ?? undefined },
    birthNumber,
  );
  await assertIdentityVerified(ctx, player.id, player.identityStatus, person);
  const register = await ctx.registers.checkExcludedPersons(person);
  if (register.status === 'listed')
    throw new DomainError(
      'listed-in-register',
      'The person is listed in the register of excluded persons; registration cannot be completed (004:REG-04).',
    );
  if (register.status === 'unavailable')
    throw new DomainError(
      'register-unavailable',
      'The register of excluded persons cannot be reached; registration completes once it answers.',
    );

  if (atBranch) return completeBranchContract(ctx, player.id, request);
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const completed = await tx.temporaryAccount.updateMany({
      where: { playerId: player.id, status: 'OPEN', deadlineAt: { gt: now } },
      data: { status: 'COMPLETED', closedAt: now },
    });
    if (completed.count !== 1)
      throw new DomainError(
        'registration-expired',
        'The 30 days of the temporary account have passed; the person must register again (004:TMP-10).',
      );
    const temporary = await tx.temporaryAccount.findUniqueOrThrow({ where: { playerId: player.id } });
    const cash = await ledger.openAccount(tx, ledger.playerWalletSpec(player.id, 'cash', walletCurrency));
    const balance = await ledger.balance(tx, temporary.walletAccountId as AccountId);
    if (balance.isPositive()) {
      await ledger.transfer(
        tx,
        {
          idempotencyKey: `registration-completed:${player.id}`,
          kind: 'TRANSFER',
          debitAccountId: temporary.walletAccountId as AccountId,
          creditAccountId: cash.id,
          amount: balance,
          metadata: {
            reason: 'registration completed: temporary account balance to the account (004:TMP-07)',
            paymentMethodId: request.verifiedPaymentMethodId,
          },
        },
        now,
      );
    }
    await tx.player.update({
      where: { id: player.id },
      data: { registeredAt: now, registerStatus: 'NOT_LISTED', registerCheckedAt: now },
    });
    await transition(tx, player.id, 'TEMPORARY', 'REGISTERED', {
      reason: `registration completed with payment method ${request.verifiedPaymentMethodId} (004:REG-24)`,
      actor: 'player',
      at: now,
    });
    return { cashWalletId: cash.id, transferred: balance.toDecimalString() };
  });
}

/** The player's cash wallet (issue 26 brings wallets in the profile's currency). */
const walletCurrency = 'CZK';

/**
 * A branch contract's registration completes with the verified payment account (004:REG-15, REG-25):
 * the account opens with an empty cash wallet (no temporary account to move), within the 30 days of
 * an application (002:REG-07, D-409), after the same identity, screening and register checks.
 */
async function completeBranchContract(
  ctx: PlayersContext,
  playerId: string,
  request: CompleteRegistrationRequest,
): Promise<{ cashWalletId: AccountId; transferred: string }> {
  return transaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    // The expiry job's own rule for applicants (D-409): past it, the job cancels them whenever it runs.
    const applied = await tx.player.findUniqueOrThrow({ where: { id: playerId }, select: { createdAt: true } });
    if (applied.createdAt.getTime() <= now.getTime() - (ctx.rules.temporaryAccount.lifetimeDays + 1) * 86_400_000)
      throw new DomainError(
        'registration-expired',
        'The 30 days of the application have passed; the person must sign a new contract (002:REG-07).',
      );
    const cash = await ledger.openAccount(tx, ledger.playerWalletSpec(playerId, 'cash', walletCurrency));
    await tx.player.update({
      where: { id: playerId },
      data: { registeredAt: now, registerStatus: 'NOT_LISTED', registerCheckedAt: now },
    });
    await transition(tx, playerId, 'APPLICANT', 'REGISTERED', {
      reason: `registration completed at a branch with payment account ${request.verifiedPaymentMethodId} (004:REG-15)`,
      actor: 'player',
      at: now,
    });
    return { cashWalletId: cash.id, transferred: '0.00' };
  });
}

/**
 * Identity and age must be verified through the basic registers (004:REG-04). An application made
 * while they could not be reached stays NOT_VERIFIED (never verified by default, 004:AMB-12), so the
 * check is asked again here; a definite negative answer (not found, mismatch) is final and needs staff.
 */
async function assertIdentityVerified(
  ctx: PlayersContext,
  playerId: string,
  status: string,
  person: RegisterPerson,
): Promise<void> {
  if (status === 'VERIFIED') return;
  if (status !== 'NOT_VERIFIED')
    throw new DomainError(
      'registration-incomplete',
      'Identity and age could not be verified through the Ministry of Finance (004:REG-04); contact support.',
    );
  const answer = await ctx.registers.verifyIdentity(person);
  if (answer.status === 'unavailable')
    throw new DomainError(
      'identity-check-unavailable',
      'The basic registers cannot be reached to verify identity and age; registration completes once they answer.',
    );
  const identityStatus = answer.status === 'verified' ? 'VERIFIED' : answer.status === 'not-found' ? 'NOT_FOUND' : 'MISMATCH';
  await ctx.db.player.update({ where: { id: playerId }, data: { identityStatus, identityCheckedAt: ctx.clock.now() } });
  if (identityStatus !== 'VERIFIED')
    throw new DomainError(
      'registration-incomplete',
      'Identity and age could not be verified through the Ministry of Finance (004:REG-04); contact support.',
    );
}
