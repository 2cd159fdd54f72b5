// What each route answers on success, as zod schemas: read by the OpenAPI document (infra/openapi)
// and by the tests, which check every answer against them. Never imported by a handler: building
// them costs a route's cold start milliseconds for a check that does not run in Lambda.
import type { ZodMiniType } from 'zod/mini';
import type { RouteName } from '#functions/routes';
import {
  apiKeyList,
  apiKeyResponse,
  apiKeyWithSecretResponse,
  organizationResponse,
} from '#shared/http/schemas/responses/access';
import { auditPage, chainCheckResponse } from '#shared/http/schemas/responses/audit-log';
import { archiveRecordPage, archiveVerification } from '#shared/http/schemas/responses/archive';
import {
  clientDetailResponse,
  clientPage,
  clientResponse,
  createdClientResponse,
  statementResponse,
} from '#shared/http/schemas/responses/clients';
import { creditNoteList, creditNotePage, creditNoteResponse } from '#shared/http/schemas/responses/credit-notes';
import {
  deliveryPage,
  eventPage,
  pingQueuedResponse,
  retryQueuedResponse,
} from '#shared/http/schemas/responses/events';
import { exportResponse } from '#shared/http/schemas/responses/exports';
import {
  bankStatementResponse,
  bankTransactionPage,
  bankTransactionResponse,
} from '#shared/http/schemas/responses/bank-statements';
import { incomingInvoicePage, incomingInvoiceResponse } from '#shared/http/schemas/responses/incoming-invoices';
import {
  peppolArrivalResponse,
  peppolLookupResponse,
  peppolReportsResponse,
} from '#shared/http/schemas/responses/peppol';
import {
  exchangeRate,
  invoicePage,
  invoiceResponse,
  lateFeeResponse,
  recordedPaymentResponse,
  reminderList,
} from '#shared/http/schemas/responses/invoices';
import {
  acceptedInvitationResponse,
  invitationListResponse,
  invitationResponse,
  memberListResponse,
  memberResponse,
} from '#shared/http/schemas/responses/members';
import { jwksResponse, openApiResponse } from '#shared/http/schemas/responses/meta';
import {
  paymentLinkResponse,
  paymentList,
  refundResponse,
  stripeReceiptResponse,
} from '#shared/http/schemas/responses/payments';
import { quotePage, quoteResponse } from '#shared/http/schemas/responses/quotes';
import { recurringInvoiceList, recurringInvoiceResponse } from '#shared/http/schemas/responses/recurring';
import { revenueReportResponse, voidedNumberList } from '#shared/http/schemas/responses/reports';
import { documentSentResponse, sentResponse, suppressionPage } from '#shared/http/schemas/responses/sending';
import {
  myOrganizationsResponse,
  refreshedAccessResponse,
  tokenSetResponse,
} from '#shared/http/schemas/responses/sessions';
import { webhookList, webhookResponse, webhookWithSecretResponse } from '#shared/http/schemas/responses/webhooks';

export const RESPONSES: Partial<Record<RouteName, ZodMiniType>> = {
  'accept-invitation': acceptedInvitationResponse,
  'archive-client': clientResponse,
  'charge-late-fee': lateFeeResponse,
  'convert-quote': invoiceResponse,
  'create-api-key': apiKeyWithSecretResponse,
  'create-client': createdClientResponse,
  'create-credit-note': creditNoteResponse,
  'create-export': exportResponse,
  'create-invitation': invitationResponse,
  'create-invoice': invoiceResponse,
  'create-payment-link': paymentLinkResponse,
  'create-quote': quoteResponse,
  'create-recurring-invoice': recurringInvoiceResponse,
  'create-refund': refundResponse,
  'create-webhook': webhookWithSecretResponse,
  'disable-api-key': apiKeyResponse,
  'enable-api-key': apiKeyResponse,
  'end-recurring-invoice': recurringInvoiceResponse,
  'exchange-token': tokenSetResponse,
  'get-api-key': apiKeyResponse,
  'get-client-statement': statementResponse,
  'get-client': clientDetailResponse,
  'get-credit-note': creditNoteResponse,
  'create-incoming-invoice': incomingInvoiceResponse,
  'list-incoming-invoices': incomingInvoicePage,
  'get-incoming-invoice': incomingInvoiceResponse,
  'accept-incoming-invoice': incomingInvoiceResponse,
  'reject-incoming-invoice': incomingInvoiceResponse,
  'mark-incoming-invoice-paid': incomingInvoiceResponse,
  'get-exchange-rate': exchangeRate,
  'get-export': exportResponse,
  'import-bank-statement': bankStatementResponse,
  'get-bank-statement': bankStatementResponse,
  'list-bank-transactions': bankTransactionPage,
  'get-bank-transaction': bankTransactionResponse,
  'match-bank-transaction': bankTransactionResponse,
  'unmatch-bank-transaction': bankTransactionResponse,
  'list-archive': archiveRecordPage,
  'verify-archive': archiveVerification,
  'get-invoice': invoiceResponse,
  'get-jwks': jwksResponse,
  'get-openapi': openApiResponse,
  'get-organization': organizationResponse,
  'get-peppol-participant': peppolLookupResponse,
  'peppol-status': peppolReportsResponse,
  'peppol-inbound': peppolArrivalResponse,
  'get-quote': quoteResponse,
  'get-recurring-invoice': recurringInvoiceResponse,
  'get-revenue-report': revenueReportResponse,
  'get-webhook': webhookResponse,
  'list-api-keys': apiKeyList,
  'list-audit-log': auditPage,
  'list-clients': clientPage,
  'list-credit-notes': creditNotePage,
  'list-deliveries': deliveryPage,
  'list-email-suppressions': suppressionPage,
  'list-events': eventPage,
  'list-generated-invoices': invoicePage,
  'list-invitations': invitationListResponse,
  'list-invoice-credit-notes': creditNoteList,
  'list-invoices': invoicePage,
  'list-members': memberListResponse,
  'list-my-organizations': myOrganizationsResponse,
  'list-payments': paymentList,
  'list-quotes': quotePage,
  'list-recurring-invoices': recurringInvoiceList,
  'list-reminders': reminderList,
  'list-voided-numbers': voidedNumberList,
  'list-webhooks': webhookList,
  'pause-recurring-invoice': recurringInvoiceResponse,
  'record-payment': recordedPaymentResponse,
  'refresh-token': refreshedAccessResponse,
  'resume-recurring-invoice': recurringInvoiceResponse,
  'retry-delivery': retryQueuedResponse,
  'revoke-api-key': apiKeyResponse,
  'rotate-webhook-secret': webhookWithSecretResponse,
  'send-credit-note': documentSentResponse,
  'send-invoice': documentSentResponse,
  'send-quote': sentResponse,
  'send-reminder': sentResponse,
  'stripe-webhook': stripeReceiptResponse,
  'test-webhook': pingQueuedResponse,
  'update-client': clientResponse,
  'update-credit-note': creditNoteResponse,
  'update-invoice': invoiceResponse,
  'update-member': memberResponse,
  'update-organization': organizationResponse,
  'update-quote': quoteResponse,
  'update-recurring-invoice': recurringInvoiceResponse,
  'update-webhook': webhookResponse,
  'verify-audit-log': chainCheckResponse,
  'void-invoice': invoiceResponse,
};
