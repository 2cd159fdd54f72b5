// A Peppol sending's status only moves forward and its final states stay; a client's VAT number
// suggests a participant id only where the scheme is the same number and its check holds.
import { describe, expect, it } from 'vitest';
import { candidateParticipantId, reachOf } from '#shared/domain/peppol';
import { advanced, type PeppolSending } from '#shared/domain/peppol-sending';

const at = new Date('2026-12-02T10:00:00Z');
const queued: PeppolSending = {
  id: 'snd_1',
  channel: 'peppol',
  to: '0208:0123456749',
  status: 'queued',
  status_at: '2026-12-02T09:00:00.000Z',
  queued_at: '2026-12-02T09:00:00.000Z',
  transmission_id: null,
  sha256: null,
  reason: null,
};

describe('a Peppol sending', () => {
  it('moves forward, keeping what it learned on the way', () => {
    const sent = advanced(queued, { status: 'sent', transmission_id: 't-1', sha256: 'ab' }, at)!;
    expect(sent).toMatchObject({ status: 'sent', status_at: at.toISOString(), transmission_id: 't-1', sha256: 'ab' });
    const delivered = advanced(sent, { status: 'delivered', transmission_id: 't-2' }, at)!;
    expect([delivered.status, delivered.transmission_id, delivered.reason]).toEqual(['delivered', 't-1', null]);
  });

  it('takes a transmission id while still queued, without moving its status or its time', () => {
    const taken = advanced(queued, { status: 'queued', transmission_id: 't-1' }, at)!;
    expect([taken.status, taken.status_at, taken.transmission_id]).toEqual(['queued', queued.status_at, 't-1']);
    expect(advanced(taken, { status: 'queued', transmission_id: 't-1' }, at)).toBeUndefined();
  });

  it('never moves back, and never leaves delivered or failed', () => {
    const sent = advanced(queued, { status: 'sent', transmission_id: 't-1' }, at)!;
    expect(advanced(sent, { status: 'queued' }, at)).toBeUndefined();
    const delivered = advanced(sent, { status: 'delivered' }, at)!;
    expect(advanced(delivered, { status: 'failed', reason: 'late' }, at)).toBeUndefined();
    const failed = advanced(sent, { status: 'failed', reason: 'rejected by the receiver' }, at)!;
    expect(failed.reason).toBe('rejected by the receiver');
    expect(advanced(failed, { status: 'delivered' }, at)).toBeUndefined();
  });
});

describe("a client's Peppol candidate and reach", () => {
  it('derives 0208 from a Belgian VAT number that passes mod 97, however it is written', () => {
    for (const taxId of ['BE0123456749', 'BE 0123.456.749', 'be123456749'])
      expect(candidateParticipantId(taxId), taxId).toBe('0208:0123456749');
    for (const taxId of ['BE0123456748', 'DE136695976', 'BE12', undefined])
      expect(candidateParticipantId(taxId), String(taxId)).toBeUndefined();
  });

  it('is reachable only where the last lookup found it receiving invoices, and offers a candidate only without an id', () => {
    const lookup = { participant_id: '0208:0123456749', checked_at: at.toISOString() };
    const client = { peppol_id: '0208:0123456749', tax_id: 'BE0123456749' };
    expect(reachOf(client, { ...lookup, registered: true, document_types: ['invoice'] })).toEqual({
      reachable: true,
      checked_at: at.toISOString(),
      candidate: null,
    });
    expect(reachOf(client, { ...lookup, registered: true, document_types: ['credit_note'] }).reachable).toBe(false);
    expect(reachOf(client, undefined)).toEqual({ reachable: null, checked_at: null, candidate: null });
    expect(reachOf({ tax_id: 'BE0123456749' }, undefined).candidate).toBe('0208:0123456749');
  });
});
