// The Peppol BIS Invoice Response 3.0 the inbox answers a Peppol supplier with, for each status a
// received document takes, held to the UBL 2.1 ApplicationResponse schema and OpenPeppol's T111 rules
// (vendored unmodified); the official examples pass the same checks, and what the rules forbid fails.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoiceResponseXml } from '#shared/documents/invoice-response';
import type { IncomingInvoice, IncomingStatus } from '#shared/domain/incoming-invoice';
import { type InvoiceResponse, invoiceResponseOf } from '#shared/domain/invoice-response';
import { validateEInvoices } from '#shared/e-invoice-rules/validator';

const EXAMPLES = 'vendor/einvoicing/examples/peppol-invoice-response';
const check = async (files: Record<string, string>) =>
  (await validateEInvoices(new Map(Object.entries(files)))).results.map(({ name, passed, errors, fatal }) => ({
    name,
    passed,
    problems: [...errors, ...fatal.map((finding) => finding.id)],
  }));

const received = (status: IncomingStatus, extra: Partial<IncomingInvoice> = {}) =>
  ({
    id: 'inc_01JZ0000000000000000000000',
    status,
    summary: {
      document_type: 'invoice',
      type_code: '380',
      number: 'RE-2026-0042',
      issue_date: '2026-11-30',
      due_date: null,
      currency: 'EUR',
      total_amount: '119.00',
      amount_due: '119.00',
      seller: { name: 'Lieferant & Söhne GmbH', tax_id: 'DE811569869', electronic_address: '9930:DE811569869' },
      buyer: { name: 'Weinhaus GmbH', tax_id: 'ATU13585627', electronic_address: '9914:ATU13585627' },
      passed: status !== 'invalid',
      fatal_rules: status === 'invalid' ? ['BR-CO-15', 'PEPPOL-EN16931-R003'] : [],
    },
    ...extra,
  }) as IncomingInvoice;
const organization = { name: 'Weinhaus', legal_name: 'Weinhaus GmbH', peppol_id: '9914:ATU13585627' };
const responseTo = (invoice: IncomingInvoice) =>
  invoiceResponseOf(invoice, organization, '2026-12-03') as InvoiceResponse;

describe('a Peppol Invoice Response', () => {
  it('passes the schema and the T111 rules as OpenPeppol publishes them, as their own examples do', async () => {
    const examples = Object.fromEntries(
      readdirSync(EXAMPLES).map((name) => [name, readFileSync(`${EXAMPLES}/${name}`, 'utf8')]),
    );
    const ours: Record<string, string> = {};
    for (const status of ['received', 'accepted', 'paid', 'invalid'] as const)
      ours[status] = await invoiceResponseXml(responseTo(received(status)));
    ours.rejected = await invoiceResponseXml(
      responseTo(received('rejected', { status_reason: 'Preis & Menge <falsch>: bitte neu ausstellen' })),
    );
    const results = await check({ ...examples, ...ours });
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(results).toHaveLength(Object.keys(examples).length + 5);
  });

  it('answers each status with its code: AB on arrival, AP, RE with the reason or every fatal rule, PD with the day', async () => {
    const codes = (['received', 'accepted', 'rejected', 'paid', 'invalid'] as const).map((status) => {
      const response = responseTo(received(status, status === 'rejected' ? { status_reason: 'Wrong order' } : {}));
      return [status, response.code, response.reasons.map((reason) => reason.text), response.effectiveDate ?? null];
    });
    expect(codes).toEqual([
      ['received', 'AB', [], null],
      ['accepted', 'AP', [], null],
      ['rejected', 'RE', ['Wrong order'], null],
      ['paid', 'PD', [], '2026-12-03'],
      [
        'invalid',
        'RE',
        ['The document fails the rule BR-CO-15', 'The document fails the rule PEPPOL-EN16931-R003'],
        null,
      ],
    ]);
    const xml = await invoiceResponseXml(responseTo(received('rejected', { status_reason: 'A & B <c>' })));
    expect(xml).toContain('<cbc:StatusReason>A &amp; B &lt;c&gt;</cbc:StatusReason>');
    expect(xml).toContain('<cbc:EndpointID schemeID="9930">DE811569869</cbc:EndpointID>');
    expect(xml).not.toContain('schemaLocation');
  });

  it('fails what the rules forbid: a rejection without a clarification, a reason off the code list', async () => {
    const rejected = await invoiceResponseXml(responseTo(received('rejected', { status_reason: 'No' })));
    const results = await check({
      unclarified: rejected.replace(/<cac:Status>[\s\S]*<\/cac:Status>/, ''),
      offList: rejected.replace('listID="OPStatusReason">OTH<', 'listID="OPStatusReason">XYZ<'),
      outOfOrder: rejected.replace(/(<cbc:ID>[^<]*<\/cbc:ID>)(\s*)(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/, '$3$2$1'),
    });
    expect(results.map(({ name, passed }) => [name, passed])).toEqual([
      ['unclarified', false],
      ['offList', false],
      ['outOfOrder', false],
    ]);
    expect(results[0]!.problems).toContain('PEPPOL-T111-R001');
    expect(results[1]!.problems).toContain('PEPPOL-T111-R007');
    expect(results[2]!.problems.some((problem) => problem.startsWith('schema:'))).toBe(true);
  });

  it('is not sent where the document names no electronic address of its seller or no number', () => {
    const seller = { ...received('accepted').summary.seller, electronic_address: null };
    const summary = { ...received('accepted').summary, seller };
    expect(invoiceResponseOf({ ...received('accepted'), summary }, organization, '2026-12-03')).toEqual({
      missing: 'seller_electronic_address',
    });
    const unnumbered = { ...received('accepted').summary, number: null };
    expect(invoiceResponseOf({ ...received('accepted'), summary: unnumbered }, organization, '2026-12-03')).toEqual({
      missing: 'number',
    });
  });
});
