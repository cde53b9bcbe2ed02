import { createHash } from 'node:crypto';
import { DomainError, newId } from '@casino/core';
import { transaction } from '@casino/db';
import { containsCardNumber } from './card-data.ts';
import type { CashierContext } from './context.ts';
import { transitionMethod, type PaymentMethodStatus } from './payment-method-states.ts';

export const documentKinds = ['account-statement', 'account-contract', 'card-statement', 'screenshot', 'card-photo'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'text/plain'] as const;
export const documentBytesMax = 1_048_576;

/**
 * The proof each kind of method takes (002:PM-05): a statement (or the account contract, 004:PAY-03)
 * for bank accounts, a statement for cards, a screenshot of the wallet for other instruments.
 * 002:AMB-PROOF-TYPE: another type of proof is refused.
 */
const acceptedProofs: Record<string, readonly DocumentKind[]> = {
  BANK_ACCOUNT: ['account-statement', 'account-contract'],
  CARD: ['card-statement'],
  OTHER: ['screenshot', 'account-statement'],
};

export interface SubmitOwnershipDocumentOptions {
  playerId: string;
  paymentMethodId: string;
  kind: DocumentKind;
  contentType: (typeof documentContentTypes)[number];
  content: Buffer;
}

/**
 * A proof of ownership for staff to review (004:PAY-03 (4.3.4.3)). A photo of a card or a document
 * showing a full card number is refused and never stored; the method is rejected and must be
 * registered again (004:PAY-06, T-35).
 */
export async function submitOwnershipDocument(
  ctx: CashierContext,
  options: SubmitOwnershipDocumentOptions,
): Promise<{ documentId: string; status: string }> {
  if (options.content.length === 0 || options.content.length > documentBytesMax) {
    throw new DomainError('payload-too-large', `A document is 1 byte to ${documentBytesMax} bytes.`, { field: 'body.content' });
  }
  const method = await ctx.db.paymentMethod.findFirst({
    where: { id: options.paymentMethodId, playerId: options.playerId },
    select: { id: true, kind: true, status: true },
  });
  if (!method) throw new DomainError('not-found', 'No such payment method.', { field: 'params.paymentMethodId' });
  const status = method.status as PaymentMethodStatus;
  if (status !== 'REGISTERED' && status !== 'VERIFICATION_PENDING')
    throw new DomainError('conflict', `A ${status.toLowerCase()} payment method takes no documents.`);
  const now = ctx.clock.now();

  if (options.kind === 'card-photo' || containsCardNumber(options.content.toString('latin1'))) {
    await transaction(ctx.db, (tx) =>
      transitionMethod(
        tx,
        method.id,
        status,
        'REJECTED',
        {
          reason: 'card data submitted: the document was not stored; register the method again (004:PAY-06)',
          actor: 'system:document-check',
          at: now,
        },
        {
          rejectedAt: now,
          rejectionReason: 'Card data was submitted; it was not stored. Register the payment method again (004:PAY-06).',
        },
      ),
    );
    throw new DomainError(
      'card-data-refused',
      'Never send a photo of a card or its full number: the document was not stored, and the payment method must be registered again (004:PAY-06).',
      { field: 'body.content' },
    );
  }
  if (!acceptedProofs[method.kind]!.includes(options.kind)) {
    throw new DomainError(
      'validation-failed',
      `A ${method.kind.toLowerCase().replace('_', ' ')} is proven by: ${acceptedProofs[method.kind]!.join(', ')} (002:PM-05).`,
      { field: 'body.kind' },
    );
  }
  return transaction(ctx.db, async (tx) => {
    const documentId = newId<string>();
    await tx.paymentMethodDocument.create({
      data: {
        id: documentId,
        paymentMethodId: method.id,
        kind: options.kind,
        contentType: options.contentType,
        sizeBytes: options.content.length,
        sha256: createHash('sha256').update(options.content).digest('hex'),
        content: new Uint8Array(options.content),
        status: 'SUBMITTED',
        submittedAt: now,
      },
    });
    if (status === 'REGISTERED') {
      await transitionMethod(
        tx,
        method.id,
        status,
        'VERIFICATION_PENDING',
        { reason: `document submitted: ${options.kind}`, actor: 'player', at: now },
        { verificationMethod: 'document' },
      );
    }
    return { documentId, status: 'SUBMITTED' };
  });
}
