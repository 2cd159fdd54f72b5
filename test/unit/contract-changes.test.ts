// The changelog's sorting of contract changes, on edited copies of the real document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractChanges, withChanges } from '#infra/openapi/changes';

const committed = () => JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
const schemas = (document: any) => document.components.schemas;
const createClient = (document: any) =>
  document.paths['/api/v1/clients/'].post.requestBody.content['application/json'].schema;

describe('contract changes', () => {
  it('finds none between a document and itself', () => {
    expect(contractChanges(committed(), committed())).toEqual({ breaking: [], nonBreaking: [] });
  });

  it('calls a removed route, a new required request field and a removed request field breaking', () => {
    const after = committed();
    delete after.paths['/api/v1/clients/{id}/'].delete;
    createClient(after).properties.vat_scheme = { type: 'string' };
    createClient(after).required.push('vat_scheme');
    delete createClient(after).properties.phone;
    const { breaking, nonBreaking } = contractChanges(committed(), after);
    expect(breaking).toEqual(
      expect.arrayContaining([
        'DELETE /api/v1/clients/{id}/ removed',
        'POST /api/v1/clients/ request.vat_scheme added (required)',
        'POST /api/v1/clients/ request.phone removed',
      ]),
    );
    expect(nonBreaking).toEqual([]);
  });

  it('calls an answer that loses a field, changes its type or may now be null breaking, wherever it is used', () => {
    const after = committed();
    delete schemas(after).Invoice.properties.notes;
    schemas(after).Invoice.properties.locale = { type: 'integer' };
    schemas(after).Invoice.properties.invoice_number = { type: ['string', 'null'] };
    const { breaking } = contractChanges(committed(), after);
    expect(breaking).toEqual(
      expect.arrayContaining([
        'GET /api/v1/invoices/{id}/ answer.notes removed',
        'GET /api/v1/invoices/{id}/ answer.locale changed type from "string" to "integer"',
        'POST /api/v1/invoices/ answer.invoice_number may now be null',
        'GET /api/v1/invoices/ answer.results[].notes removed',
        'the invoice.paid event payload.data.object.notes removed',
      ]),
    );
  });

  it('calls additions non-breaking: routes, optional request fields, answer fields and enum values', () => {
    const after = committed();
    after.paths['/api/v1/clients/{id}/merge/'] = { post: { responses: { 200: { description: 'Merged' } } } };
    createClient(after).properties.nickname = { type: 'string' };
    schemas(after).Invoice.properties.balance_note = { type: 'string' };
    schemas(after).Invoice.required.push('balance_note');
    schemas(after).Invoice.properties.status.enum.push('disputed');
    const { breaking, nonBreaking } = contractChanges(committed(), after);
    expect(breaking).toEqual([]);
    expect(nonBreaking).toEqual(
      expect.arrayContaining([
        'POST /api/v1/clients/{id}/merge/ added',
        'POST /api/v1/clients/ request.nickname added',
        'GET /api/v1/invoices/{id}/ answer.balance_note added',
        'GET /api/v1/invoices/{id}/ answer.status gained disputed',
      ]),
    );
  });

  it('calls a narrower request enum and a changed scope breaking', () => {
    const after = committed();
    const events =
      after.paths['/api/v1/webhooks/'].post.requestBody.content['application/json'].schema.properties.events.items;
    events.enum = events.enum.filter((kind: string) => kind !== 'ping');
    after.paths['/api/v1/invoices/'].get['x-scope'] = 'invoices:write';
    expect(contractChanges(committed(), after).breaking).toEqual(
      expect.arrayContaining([
        'POST /api/v1/webhooks/ request.events[] no longer has ping',
        'GET /api/v1/invoices/: needs invoices:write instead of invoices:read',
      ]),
    );
  });

  it('calls an answer that was always null and may now hold a string a change of type, not newly nullable', () => {
    const before = committed();
    const after = committed();
    schemas(before).WebhookList.properties.next = { type: 'null' };
    schemas(after).WebhookList.properties.next = { type: ['string', 'null'], format: 'uri' };
    expect(contractChanges(before, after).breaking).toEqual([
      'GET /api/v1/webhooks/ answer.next changed type from "null" to "string"',
    ]);
  });

  it('writes changes under Unreleased, breaking first, and leaves the changelog alone when there are none', () => {
    const changelog = '# API changelog\n\nIntro.\n\n## 0.1.0\n\n- First.\n';
    expect(withChanges(changelog, { breaking: [], nonBreaking: [] })).toBe(changelog);
    const written = withChanges(changelog, { breaking: ['A removed'], nonBreaking: ['B added'] });
    expect(written).toBe(
      '# API changelog\n\nIntro.\n\n## Unreleased\n\n### Breaking\n\n- A removed\n\n### Non-breaking\n\n- B added\n\n## 0.1.0\n\n- First.\n',
    );
    const again = withChanges(written, { breaking: [], nonBreaking: ['C added'] });
    expect(again.indexOf('- C added')).toBeLessThan(again.indexOf('### Breaking'));
  });
});
