import { createStaffPerRole, type StaffByRole } from '@casino/compliance/testing';
import { newId } from '@casino/core';
import { completeRegistration } from '@casino/players';
import {
  applicationFor,
  mailFor,
  newPerson,
  registerToTemporaryAccount,
  startHarness,
  type Harness,
  type Registered,
} from '@casino/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 23 over HTTP: the player's notice of termination and complaints (player API), the complaints
 * desk (admin API), problem+json for bad input, and the notices reaching the sandbox mailbox through
 * the outbox (the worker relays them).
 */
let h: Harness;
let staff: StaffByRole;
beforeAll(async () => {
  h = await startHarness(new Date('2026-11-02T09:00:00Z'));
  staff = await createStaffPerRole(h.connections.db);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function registeredPlayer(): Promise<Registered> {
  const registered = await registerToTemporaryAccount(h, applicationFor(await newPerson(h)));
  await completeRegistration(h.ctx, { playerId: registered.playerId, verifiedPaymentMethodId: newId() });
  return registered;
}
const as = (player: Registered) => ({ authorization: `Bearer ${player.accessToken}` });
const asStaff = (role: keyof StaffByRole) => ({
  authorization: `Bearer ${h.admin.issueAccessToken({ audience: 'staff', subject: staff[role] })}`,
});
const letter = {
  fileName: 'vypoved.pdf',
  contentType: 'application/pdf',
  contentBase64: Buffer.from('%PDF-1.4 notice').toString('base64'),
};

describe('issue 23: the account lifecycle over HTTP', () => {
  it('004:T-54 TRM-01 TRM-02 a notice of termination through the player API runs from the next day, reaches the mailbox, and can be withdrawn; bad input is a problem with its field', async () => {
    const player = await registeredPlayer();
    const bad = await h.api.inject({
      method: 'POST',
      url: '/v1/me/termination-notice',
      headers: as(player),
      payload: { ...letter, contentBase64: 'not base64!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ field: 'body.contentBase64' });

    const given = await h.api.inject({ method: 'POST', url: '/v1/me/termination-notice', headers: as(player), payload: letter });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({
      status: 'RUNNING',
      noticeStartsAt: '2026-11-02T23:00:00.000Z',
      effectiveAt: '2026-11-16T23:00:00.000Z',
    });
    expect(await mailFor(h, player.email, /your contract ends at the start of (\S+)/)).toBe('2026-11-17');

    const listed = await h.api.inject({ method: 'GET', url: '/v1/me/termination-notices', headers: as(player) });
    expect(listed.json().notices).toHaveLength(1);
    const withdrawn = await h.api.inject({ method: 'DELETE', url: '/v1/me/termination-notice', headers: as(player) });
    expect(withdrawn.json()).toMatchObject({ status: 'WITHDRAWN' });
    const none = await h.api.inject({ method: 'DELETE', url: '/v1/me/termination-notice', headers: as(player) });
    expect(none.statusCode).toBe(404);
  });

  it('004:T-71 CMP-06 T-70 T-74 CZ-FO: the web form is not a complaint channel (the player is told how to complain); an e-mail recorded by staff opens a case, decided with reasoning, which the player sees', async () => {
    const player = await registeredPlayer();
    const viaForm = await h.api.inject({
      method: 'POST',
      url: '/v1/me/complaints',
      headers: as(player),
      payload: { eventAt: '2026-11-01T18:00:00Z', description: 'My win was not credited.' },
    });
    expect(viaForm.statusCode).toBe(201);
    expect(viaForm.json()).toMatchObject({ status: 'DISREGARDED', channel: 'contact-form' });
    expect(await mailFor(h, player.email, /(helpdesk-casino@ifortuna\.cz)/)).toBe('helpdesk-casino@ifortuna.cz');

    const recorded = await h.admin.inject({
      method: 'POST',
      url: '/v1/complaints',
      headers: asStaff('support'),
      payload: {
        channel: 'email',
        playerId: player.playerId,
        complainantName: 'Jan Novák',
        correspondenceAddress: 'Náměstí Svobody 1, 602 00 Brno',
        game: 'Roulette (European)',
        betClosedAt: '2026-11-01T18:00:00Z',
        eventAt: '2026-11-01T18:00:00Z',
        description: 'My win was not credited.',
      },
    });
    expect(recorded.statusCode).toBe(201);
    const complaint = recorded.json();
    expect(complaint).toMatchObject({ status: 'OPEN', clock: { resolveDueAt: '2026-12-02T09:00:00.000Z', overdue: false } });
    expect(await mailFor(h, player.email, /(We received your complaint)/)).toBe('We received your complaint');

    const queue = await h.admin.inject({ method: 'GET', url: '/v1/complaints', headers: asStaff('compliance-officer') });
    expect(queue.json().complaints.map((c: { complaintId: string }) => c.complaintId)).toContain(complaint.complaintId);
    const badGround = await h.admin.inject({
      method: 'POST',
      url: `/v1/complaints/${complaint.complaintId}/actions`,
      headers: asStaff('support'),
      payload: { action: 'decide', decision: 'not-upheld', ground: 'bad-luck', reasoning: 'No ground of this kind.' },
    });
    expect(badGround.statusCode).toBe(400);
    expect(badGround.json()).toMatchObject({ field: 'body.ground' });
    const decided = await h.admin.inject({
      method: 'POST',
      url: `/v1/complaints/${complaint.complaintId}/actions`,
      headers: asStaff('support'),
      payload: {
        action: 'decide',
        decision: 'not-upheld',
        ground: 'rule-misunderstanding',
        reasoning: 'The bet was settled under the published rules.',
      },
    });
    expect(decided.statusCode).toBe(200);

    const mine = await h.api.inject({ method: 'GET', url: '/v1/me/complaints', headers: as(player) });
    const seen = mine.json().complaints.find((c: { complaintId: string }) => c.complaintId === complaint.complaintId);
    expect(seen).toMatchObject({
      status: 'DECIDED',
      decision: 'not-upheld',
      reasoning: 'The bet was settled under the published rules.',
    });
    expect(seen.escalationContact).toContain('ČOI');
  });

  it('004:T-56 TRM-10 staff list the grounds the job offers; an unknown candidate is a 404 problem', async () => {
    const listed = await h.admin.inject({
      method: 'GET',
      url: '/v1/termination-candidates',
      headers: asStaff('compliance-officer'),
    });
    expect(listed.statusCode).toBe(200);
    expect(Array.isArray(listed.json().candidates)).toBe(true);
    const missing = await h.admin.inject({
      method: 'POST',
      url: `/v1/termination-candidates/${newId()}/dismiss`,
      headers: asStaff('compliance-officer'),
      payload: { reason: 'not applicable here' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'params.candidateId' });
  });

  it('004:T-17 TRM-18 T-55 TRM-11 after a termination for cause with the bar, the same person cannot register again; the termination notice states the ground', async () => {
    const person = await newPerson(h);
    const player = await registerToTemporaryAccount(h, applicationFor(person));
    await completeRegistration(h.ctx, { playerId: player.playerId, verifiedPaymentMethodId: newId() });
    const closed = await h.admin.inject({
      method: 'POST',
      url: `/v1/players/${player.playerId}/actions`,
      headers: asStaff('compliance-officer'),
      payload: { action: 'close', ground: 'iii', reason: 'Fraud confirmed by the provider', barReregistration: true },
    });
    expect(closed.statusCode).toBe(200);
    expect(await mailFor(h, player.email, /on the ground of (čl\. 4\.10 \(iii\))/)).toBe('čl. 4.10 (iii)');

    const again = await h.api.inject({ method: 'POST', url: '/v1/registrations', payload: applicationFor(person) });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ type: 'https://problems.casino.example/registration-barred' });
  });
});
