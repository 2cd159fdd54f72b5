// A Peppol BIS Invoice Response 3.0 as UBL 2.1 ApplicationResponse XML (shared/domain/invoice-response.ts
// says what it answers). The element order is the schema's; a status reason (cac:Status) is written
// only for a rejection, as the specification asks of RE; no schemaLocation (PEPPOL-T111 forbids it).
import type { InvoiceResponse, ResponseParty } from '#shared/domain/invoice-response';
import { xmlBuilder } from '#shared/documents/xml-builder';
import { xmlText } from '#shared/documents/xml-text';

const NS = {
  root: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
export const INVOICE_RESPONSE_CUSTOMIZATION = 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3';
export const INVOICE_RESPONSE_PROFILE = 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

type Element = ReturnType<Awaited<ReturnType<typeof xmlBuilder>>>;

const cbc = (parent: Element, name: string, text: string, attributes?: Record<string, string>) =>
  parent.ele(NS.cbc, `cbc:${name}`, attributes).txt(xmlText(text));
const cac = (parent: Element, name: string) => parent.ele(NS.cac, `cac:${name}`);

function party(parent: Element, name: string, { participant, name: registrationName }: ResponseParty) {
  const element = cac(parent, name);
  const [scheme, ...identifier] = participant.split(':');
  cbc(element, 'EndpointID', identifier.join(':'), { schemeID: scheme! });
  cbc(cac(element, 'PartyLegalEntity'), 'RegistrationName', registrationName);
}

export async function invoiceResponseXml(response: InvoiceResponse): Promise<string> {
  const create = await xmlBuilder();
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.root, 'ApplicationResponse', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
  });
  cbc(root, 'CustomizationID', INVOICE_RESPONSE_CUSTOMIZATION);
  cbc(root, 'ProfileID', INVOICE_RESPONSE_PROFILE);
  cbc(root, 'ID', response.id);
  cbc(root, 'IssueDate', response.issueDate);
  party(root, 'SenderParty', response.sender);
  party(root, 'ReceiverParty', response.receiver);
  const documentResponse = cac(root, 'DocumentResponse');
  const answer = cac(documentResponse, 'Response');
  cbc(answer, 'ResponseCode', response.code);
  if (response.effectiveDate) cbc(answer, 'EffectiveDate', response.effectiveDate);
  for (const reason of response.reasons) {
    const status = cac(answer, 'Status');
    cbc(status, 'StatusReasonCode', reason.code, { listID: 'OPStatusReason' });
    cbc(status, 'StatusReason', reason.text);
  }
  const reference = cac(documentResponse, 'DocumentReference');
  cbc(reference, 'ID', response.document.id);
  cbc(reference, 'DocumentTypeCode', response.document.typeCode);
  return root.end({ prettyPrint: true });
}
