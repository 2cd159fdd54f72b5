// The one table of HTTP routes. Each function's folder declares its route beside its handler
// (route.ts), so a bundle carries its own entry and not the table; this module lists them all. The
// CDK stack creates a function and an API route for each entry; infra/local serves the same entries;
// the tenant-isolation tests iterate it too.
import type { Route } from '#functions/route';
import type { PaymentProvider } from '#shared/payments/provider';
import { route as getOpenapi } from '#functions/get-openapi/route';
import { route as exchangeToken } from '#functions/exchange-token/route';
import { route as refreshToken } from '#functions/refresh-token/route';
import { route as logout } from '#functions/logout/route';
import { route as getJwks } from '#functions/get-jwks/route';
import { route as listMyOrganizations } from '#functions/list-my-organizations/route';
import { route as getOrganization } from '#functions/get-organization/route';
import { route as updateOrganization } from '#functions/update-organization/route';
import { route as listMembers } from '#functions/list-members/route';
import { route as updateMember } from '#functions/update-member/route';
import { route as removeMember } from '#functions/remove-member/route';
import { route as createInvitation } from '#functions/create-invitation/route';
import { route as listInvitations } from '#functions/list-invitations/route';
import { route as revokeInvitation } from '#functions/revoke-invitation/route';
import { route as acceptInvitation } from '#functions/accept-invitation/route';
import { route as listAuditLog } from '#functions/list-audit-log/route';
import { route as verifyAuditLog } from '#functions/verify-audit-log/route';
import { route as createApiKey } from '#functions/create-api-key/route';
import { route as listApiKeys } from '#functions/list-api-keys/route';
import { route as getApiKey } from '#functions/get-api-key/route';
import { route as disableApiKey } from '#functions/disable-api-key/route';
import { route as enableApiKey } from '#functions/enable-api-key/route';
import { route as revokeApiKey } from '#functions/revoke-api-key/route';
import { route as createClient } from '#functions/create-client/route';
import { route as listClients } from '#functions/list-clients/route';
import { route as getClient } from '#functions/get-client/route';
import { route as getClientStatement } from '#functions/get-client-statement/route';
import { route as updateClient } from '#functions/update-client/route';
import { route as archiveClient } from '#functions/archive-client/route';
import { route as createInvoice } from '#functions/create-invoice/route';
import { route as listInvoices } from '#functions/list-invoices/route';
import { route as listVoidedNumbers } from '#functions/list-voided-numbers/route';
import { route as getInvoice } from '#functions/get-invoice/route';
import { route as updateInvoice } from '#functions/update-invoice/route';
import { route as sendInvoice } from '#functions/send-invoice/route';
import { route as createPaymentLink } from '#functions/create-payment-link/route';
import { route as voidInvoice } from '#functions/void-invoice/route';
import { route as recordPayment } from '#functions/record-payment/route';
import { route as sendReminder } from '#functions/send-reminder/route';
import { route as chargeLateFee } from '#functions/charge-late-fee/route';
import { route as listReminders } from '#functions/list-reminders/route';
import { route as createQuote } from '#functions/create-quote/route';
import { route as listQuotes } from '#functions/list-quotes/route';
import { route as getQuote } from '#functions/get-quote/route';
import { route as updateQuote } from '#functions/update-quote/route';
import { route as convertQuote } from '#functions/convert-quote/route';
import { route as sendQuote } from '#functions/send-quote/route';
import { route as getExchangeRate } from '#functions/get-exchange-rate/route';
import { route as getPeppolParticipant } from '#functions/get-peppol-participant/route';
import { route as peppolStatus } from '#functions/peppol-status/route';
import { route as peppolInbound } from '#functions/peppol-inbound/route';
import { route as listEmailSuppressions } from '#functions/list-email-suppressions/route';
import { route as deleteEmailSuppression } from '#functions/delete-email-suppression/route';
import { route as listPayments } from '#functions/list-payments/route';
import { route as createCreditNote } from '#functions/create-credit-note/route';
import { route as listInvoiceCreditNotes } from '#functions/list-invoice-credit-notes/route';
import { route as listCreditNotes } from '#functions/list-credit-notes/route';
import { route as getCreditNote } from '#functions/get-credit-note/route';
import { route as createIncomingInvoice } from '#functions/create-incoming-invoice/route';
import { route as listIncomingInvoices } from '#functions/list-incoming-invoices/route';
import { route as getIncomingInvoice } from '#functions/get-incoming-invoice/route';
import { route as getIncomingInvoiceOriginal } from '#functions/get-incoming-invoice-original/route';
import { route as getIncomingInvoiceAttachment } from '#functions/get-incoming-invoice-attachment/route';
import { route as getIncomingInvoicePdf } from '#functions/get-incoming-invoice-pdf/route';
import { route as getIncomingInvoiceHtml } from '#functions/get-incoming-invoice-html/route';
import { route as acceptIncomingInvoice } from '#functions/accept-incoming-invoice/route';
import { route as rejectIncomingInvoice } from '#functions/reject-incoming-invoice/route';
import { route as markIncomingInvoicePaid } from '#functions/mark-incoming-invoice-paid/route';
import { route as listArchive } from '#functions/list-archive/route';
import { route as verifyArchive } from '#functions/verify-archive/route';
import { route as getArchiveRecord } from '#functions/get-archive-record/route';
import { route as createExport } from '#functions/create-export/route';
import { route as getExport } from '#functions/get-export/route';
import { route as importBankStatement } from '#functions/import-bank-statement/route';
import { route as getBankStatement } from '#functions/get-bank-statement/route';
import { route as listBankTransactions } from '#functions/list-bank-transactions/route';
import { route as getBankTransaction } from '#functions/get-bank-transaction/route';
import { route as matchBankTransaction } from '#functions/match-bank-transaction/route';
import { route as unmatchBankTransaction } from '#functions/unmatch-bank-transaction/route';
import { route as updateCreditNote } from '#functions/update-credit-note/route';
import { route as sendCreditNote } from '#functions/send-credit-note/route';
import { route as createRefund } from '#functions/create-refund/route';
import { route as getInvoiceEInvoice } from '#functions/get-invoice-e-invoice/route';
import { route as getCreditNoteEInvoice } from '#functions/get-credit-note-e-invoice/route';
import { route as getRevenueReport } from '#functions/get-revenue-report/route';
import { route as createRecurringInvoice } from '#functions/create-recurring-invoice/route';
import { route as listRecurringInvoices } from '#functions/list-recurring-invoices/route';
import { route as getRecurringInvoice } from '#functions/get-recurring-invoice/route';
import { route as updateRecurringInvoice } from '#functions/update-recurring-invoice/route';
import { route as listGeneratedInvoices } from '#functions/list-generated-invoices/route';
import { route as pauseRecurringInvoice } from '#functions/pause-recurring-invoice/route';
import { route as resumeRecurringInvoice } from '#functions/resume-recurring-invoice/route';
import { route as endRecurringInvoice } from '#functions/end-recurring-invoice/route';
import { route as listEvents } from '#functions/list-events/route';
import { route as createWebhook } from '#functions/create-webhook/route';
import { route as listWebhooks } from '#functions/list-webhooks/route';
import { route as getWebhook } from '#functions/get-webhook/route';
import { route as updateWebhook } from '#functions/update-webhook/route';
import { route as deleteWebhook } from '#functions/delete-webhook/route';
import { route as rotateWebhookSecret } from '#functions/rotate-webhook-secret/route';
import { route as testWebhook } from '#functions/test-webhook/route';
import { route as listDeliveries } from '#functions/list-deliveries/route';
import { route as retryDelivery } from '#functions/retry-delivery/route';
import { route as viewPublicCreditNote } from '#functions/view-public-credit-note/route';
import { route as downloadPublicCreditNote } from '#functions/download-public-credit-note/route';
import { route as downloadPublicCreditNoteEInvoice } from '#functions/download-public-credit-note-e-invoice/route';
import { route as viewPublicInvoice } from '#functions/view-public-invoice/route';
import { route as downloadPublicInvoice } from '#functions/download-public-invoice/route';
import { route as downloadPublicEInvoice } from '#functions/download-public-e-invoice/route';
import { route as payPublicInvoice } from '#functions/pay-public-invoice/route';
import { route as viewPublicQuote } from '#functions/view-public-quote/route';
import { route as answerPublicQuote } from '#functions/answer-public-quote/route';
import { route as downloadPublicQuote } from '#functions/download-public-quote/route';
import { route as viewSandboxCheckout } from '#functions/view-sandbox-checkout/route';
import { route as completeSandboxCheckout } from '#functions/complete-sandbox-checkout/route';
import { route as stripeWebhook } from '#functions/stripe-webhook/route';

export type { Credentials, Route, TableAccess } from '#functions/route';

export const ROUTES = [
  getOpenapi,
  exchangeToken,
  refreshToken,
  logout,
  getJwks,
  listMyOrganizations,
  getOrganization,
  updateOrganization,
  listMembers,
  updateMember,
  removeMember,
  createInvitation,
  listInvitations,
  revokeInvitation,
  acceptInvitation,
  listAuditLog,
  verifyAuditLog,
  createApiKey,
  listApiKeys,
  getApiKey,
  disableApiKey,
  enableApiKey,
  revokeApiKey,
  createClient,
  listClients,
  getClient,
  getClientStatement,
  updateClient,
  archiveClient,
  createInvoice,
  listInvoices,
  listVoidedNumbers,
  getInvoice,
  updateInvoice,
  sendInvoice,
  createPaymentLink,
  voidInvoice,
  recordPayment,
  sendReminder,
  chargeLateFee,
  listReminders,
  createQuote,
  listQuotes,
  getQuote,
  updateQuote,
  convertQuote,
  sendQuote,
  getExchangeRate,
  getPeppolParticipant,
  peppolStatus,
  peppolInbound,
  listEmailSuppressions,
  deleteEmailSuppression,
  listPayments,
  createCreditNote,
  listInvoiceCreditNotes,
  listCreditNotes,
  getCreditNote,
  createIncomingInvoice,
  listIncomingInvoices,
  getIncomingInvoice,
  getIncomingInvoiceOriginal,
  getIncomingInvoiceAttachment,
  getIncomingInvoicePdf,
  getIncomingInvoiceHtml,
  acceptIncomingInvoice,
  rejectIncomingInvoice,
  markIncomingInvoicePaid,
  listArchive,
  verifyArchive,
  getArchiveRecord,
  createExport,
  getExport,
  importBankStatement,
  getBankStatement,
  listBankTransactions,
  getBankTransaction,
  matchBankTransaction,
  unmatchBankTransaction,
  updateCreditNote,
  sendCreditNote,
  createRefund,
  getInvoiceEInvoice,
  getCreditNoteEInvoice,
  getRevenueReport,
  createRecurringInvoice,
  listRecurringInvoices,
  getRecurringInvoice,
  updateRecurringInvoice,
  listGeneratedInvoices,
  pauseRecurringInvoice,
  resumeRecurringInvoice,
  endRecurringInvoice,
  listEvents,
  createWebhook,
  listWebhooks,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  testWebhook,
  listDeliveries,
  retryDelivery,
  viewPublicCreditNote,
  downloadPublicCreditNote,
  downloadPublicCreditNoteEInvoice,
  viewPublicInvoice,
  downloadPublicInvoice,
  downloadPublicEInvoice,
  payPublicInvoice,
  viewPublicQuote,
  answerPublicQuote,
  downloadPublicQuote,
  viewSandboxCheckout,
  completeSandboxCheckout,
  stripeWebhook,
] as const satisfies readonly Route[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function routeNamed(name: RouteName): Route {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`no route named ${name}`);
  return route;
}

/** The routes a deployment serves, in AWS and locally alike: the sandbox's pages only where it is the provider. */
export const servedRoutes = (paymentProvider: PaymentProvider): readonly Route[] =>
  (ROUTES as readonly Route[]).filter((route) => !route.sandboxOnly || paymentProvider === 'sandbox');
