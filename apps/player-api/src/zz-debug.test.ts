import { afterAll, beforeAll, it } from 'vitest';
import { asPlayer, czk, pspSettings, sandboxCall, temporaryPlayerWithBankAccount, webhooksDelivered } from './cashier-test-support.ts';
import { startHarness, type Harness } from './test-support.ts';
let h: Harness;
beforeAll(async () => { h = await startHarness(); await pspSettings(h, { provider: { authentication: 'frictionless' } }); });
afterAll(async () => { await h?.close(); });
it('debug', async () => {
  const player = await temporaryPlayerWithBankAccount(h);
  const started = await asPlayer(h, player, 'POST', `/v1/payment-methods/${player.bankMethodId}/verifications`, { via: 'offline-transfer' });
  console.log('started', started.statusCode, started.body);
  const { applyProviderEvent } = await import('@casino/cashier');
  try {
    await applyProviderEvent(h.cashier, { provider: 'sandbox-psp', eventId: 'e1', type: 'bank-transfer.received', payload: { type: 'bank-transfer.received', timestamp: 'x', data: { transferId: 'bt1', reference: started.json().transfer.reference, payerAccount: player.iban, payerName: player.holderName, amount: czk('100.00') } } });
  } catch (e) { console.log('ERR', e); }
  const t = await sandboxCall(h, 'POST', '/control/psp/bank-transfers', { reference: started.json().transfer.reference, payerAccount: player.iban, payerName: player.holderName, amount: czk('100.00') });
  console.log('transfer', t);
  await webhooksDelivered(h);
  console.log(JSON.stringify((await sandboxCall(h, 'GET', '/control/psp/deliveries')).json));
  console.log(await h.connections.db.cashierProviderEvent.findMany());
  console.log(await h.connections.db.paymentMethod.findMany({ select: { status: true, active: true, holderNameExact: true } }));
  console.log(await h.connections.db.cashierDeposit.findMany());
  await new Promise((r) => setTimeout(r, 2000));
  console.log(await h.connections.db.outboxMessage.findMany());
  console.log(await h.connections.db.player.findMany({ select: { state: true, screeningStatus: true, identityStatus: true } }));
});
