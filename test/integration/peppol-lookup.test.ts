// GET /peppol/participants/{id}/ through the Peppol gateway and the local network (as Storecove):
// registered or not and for which documents, kept a day per organization; the client's answer shows
// what the last lookup of its id found, or the id its VAT number suggests.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, db, newTenant } from '#test/support/api';
import { putPeppolLookup } from '#shared/data/peppol-lookups';
import { lambdaInvoker } from '#shared/aws/lambda';
import { DomainError } from '#shared/domain/errors';
import { peppolGateway } from '#shared/peppol/gateway';
import { peppolGatewayWork } from '#shared/peppol/gateway-work';
import { storecove } from '#shared/peppol/storecove';

let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  tenant = await newTenant('Peppol lookups');
});
const lookUp = (id: string, token = tenant.apiKey) =>
  call('get-peppol-participant', { token, params: { participant_id: id } });

describe('GET /api/v1/peppol/participants/{participant_id}/', () => {
  it('answers who is registered and for which documents, as the network says', async () => {
    const cases = [
      ['0208:0123456749', true, ['invoice', 'credit_note']],
      ['9930:DE811569869', true, ['invoice']],
      ['0088:4000001000005', true, []],
      ['0192:923609016', false, []],
    ] as const;
    for (const [id, registered, documentTypes] of cases) {
      const answer = await lookUp(id);
      expect(
        [answer.status, answer.json.participant_id, answer.json.registered, answer.json.document_types],
        id,
      ).toEqual([200, id, registered, documentTypes]);
      expect(Date.now() - Date.parse(answer.json.checked_at)).toBeLessThan(60_000);
    }
  });

  it('keeps an answer a day for the organization that asked, and asks again after', async () => {
    const first = await lookUp('0192:974760673');
    const again = await lookUp('0192:974760673');
    expect(again.json).toEqual(first.json);
    const other = await newTenant('Another organization');
    const theirs = await lookUp('0192:974760673', other.apiKey);
    expect(theirs.json.checked_at).not.toBe(first.json.checked_at);
    // A day and a minute later, the kept answer is stale: the network is asked again.
    const stale = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await putPeppolLookup(db, tenant.id, { ...first.json, registered: false, checked_at: stale });
    const fresh = await lookUp('0192:974760673');
    expect([fresh.json.registered, fresh.json.checked_at > first.json.checked_at]).toEqual([true, true]);
  });

  it('refuses an id outside the EAS list or failing its check, naming it, without asking the network', async () => {
    for (const id of ['0208:0123456748', '1234:5678', 'nonsense', 'EM:billing@example.com']) {
      const refused = await lookUp(id);
      expect([refused.status, Object.keys(refused.json.error.details.fields)], id).toEqual([400, ['participant_id']]);
    }
  });

  it('shows on the client what the last lookup of its id found, and the id its Belgian VAT number suggests', async () => {
    const tenant = await newTenant('Peppol reach');
    const client = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Brasserie Lumière', email: 'factures@lumiere.example', country: 'BE', tax_id: 'BE0123456749' },
    });
    const before = await call('get-client', { token: tenant.apiKey, params: { id: client.json.id } });
    expect(before.json.peppol).toEqual({ reachable: null, checked_at: null, candidate: '0208:0123456749' });
    await call('update-client', {
      token: tenant.apiKey,
      params: { id: client.json.id },
      body: { peppol_id: before.json.peppol.candidate },
    });
    const unchecked = await call('get-client', { token: tenant.apiKey, params: { id: client.json.id } });
    expect(unchecked.json.peppol).toEqual({ reachable: null, checked_at: null, candidate: null });
    const lookup = await lookUp('0208:0123456749', tenant.apiKey);
    const after = await call('get-client', { token: tenant.apiKey, params: { id: client.json.id } });
    expect(after.json.peppol).toEqual({ reachable: true, checked_at: lookup.json.checked_at, candidate: null });
  });
});

describe('the Peppol gateway', () => {
  it('is 409 peppol_not_configured where the deployment has none', async () => {
    const none = peppolGateway(lambdaInvoker(), undefined);
    await expect(none.discover({ scheme: '0208', identifier: '0123456749' })).rejects.toMatchObject({
      code: 'peppol_not_configured',
    });
  });

  it('turns an access point that does not answer into peppol_unavailable, to be tried again', async () => {
    const down = storecove({ baseUrl: 'http://127.0.0.1:9/api/v2', apiKey: 'unused-key', legalEntities: {} });
    const asked = peppolGatewayWork(down, {
      kind: 'discover',
      participant: { scheme: '0208', identifier: '0123456749' },
    });
    await expect(asked).rejects.toBeInstanceOf(DomainError);
    await expect(asked).rejects.toMatchObject({ code: 'peppol_unavailable', details: { retry_after_seconds: 30 } });
  });
});
