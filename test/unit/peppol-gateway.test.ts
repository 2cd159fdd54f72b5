// The Peppol gateway as the routes and the worker call it: a gateway function that failed (a
// timeout, a crash: Lambda's X-Amz-Function-Error) is an access point that did not answer, so the
// worker tries again; a refusal the gateway answered comes back as the refusal it was; and the
// queued events of both documents name their document.
import { describe, expect, it } from 'vitest';
import type { Invoke } from '#shared/aws/lambda';
import { queuedKindOf } from '#shared/domain/peppol-sending';
import { peppolGateway } from '#shared/peppol/gateway';

const participant = { scheme: '0208', identifier: '0123456749' };

describe('the Peppol gateway', () => {
  it('answers a failed gateway function as peppol_unavailable, and passes a refusal on as it was', async () => {
    const timedOut: Invoke = async () => ({
      payload: '{"errorType":"Sandbox.Timedout","errorMessage":"Task timed out after 30.00 seconds"}',
      functionError: 'Unhandled',
    });
    await expect(peppolGateway(timedOut, 'gateway').discover(participant)).rejects.toMatchObject({
      code: 'peppol_unavailable',
    });
    const refusing: Invoke = async () => ({
      payload: JSON.stringify({ refused: { code: 'peppol_unreachable', message: 'no', details: {} } }),
    });
    await expect(peppolGateway(refusing, 'gateway').discover(participant)).rejects.toMatchObject({
      code: 'peppol_unreachable',
    });
    const answering: Invoke = async () => ({
      payload: JSON.stringify({ discovery: { registered: true, document_types: ['invoice'] } }),
    });
    expect(await peppolGateway(answering, 'gateway').discover(participant)).toEqual({
      registered: true,
      document_types: ['invoice'],
    });
  });

  it('knows which document each queued event is of, and no other event', () => {
    expect(queuedKindOf('invoice.peppol_queued')).toBe('invoice');
    expect(queuedKindOf('credit_note.peppol_queued')).toBe('credit_note');
    expect(queuedKindOf('credit_note.peppol_sent')).toBeUndefined();
    expect(queuedKindOf('invoice.sent')).toBeUndefined();
  });
});
