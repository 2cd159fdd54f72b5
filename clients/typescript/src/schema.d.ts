// Generated from docs/openapi.json by `npm run openapi`: do not edit.

export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get openapi
         * @description No credential.
         */
        get: operations["getOpenapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/auth/exchange/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange token
         * @description No credential.
         */
        post: operations["exchangeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/auth/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh token
         * @description No credential.
         */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Logout
         * @description No credential.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get jwks
         * @description No credential.
         */
        get: operations["getJwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/me/organizations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List my organizations
         * @description Needs the scope `organization:read`.
         */
        get: operations["listMyOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get organization
         * @description Needs the scope `organization:read`.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update organization
         * @description Needs the scope `organization:write`.
         */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/api/v1/organizations/me/members/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members
         * @description Needs the scope `organization:read`.
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/me/members/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove member
         * @description Needs the scope `organization:read`.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Update member
         * @description Needs the scope `members:manage`.
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/v1/organizations/me/invitations/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invitations
         * @description Needs the scope `members:manage`.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Create invitation
         * @description Needs the scope `members:manage`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organizations/me/invitations/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke invitation
         * @description Needs the scope `members:manage`.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{token}/accept/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept invitation
         * @description Needs the scope `organization:read`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit log
         * @description Needs the scope `audit_log:read`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log/verify/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify audit log
         * @description Needs the scope `audit_log:read`.
         */
        get: operations["verifyAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List api keys
         * @description Needs the scope `api_keys:manage`.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create api key
         * @description Needs the scope `api_keys:manage`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get api key
         * @description Needs the scope `api_keys:manage`.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke api key
         * @description Needs the scope `api_keys:manage`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/disable/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable api key
         * @description Needs the scope `api_keys:manage`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["disableApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/enable/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable api key
         * @description Needs the scope `api_keys:manage`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["enableApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List clients
         * @description Needs the scope `clients:read`.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Create client
         * @description Needs the scope `clients:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get client
         * @description Needs the scope `clients:read`.
         */
        get: operations["getClient"];
        put?: never;
        post?: never;
        /**
         * Archive client
         * @description Needs the scope `clients:write`.
         */
        delete: operations["archiveClient"];
        options?: never;
        head?: never;
        /**
         * Update client
         * @description Needs the scope `clients:write`.
         */
        patch: operations["updateClient"];
        trace?: never;
    };
    "/api/v1/clients/{id}/statement/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get client statement
         * @description Needs the scope `clients:read`.
         */
        get: operations["getClientStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listInvoices"];
        put?: never;
        /**
         * Create invoice
         * @description Needs the scope `invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/number-series/{series}/voided/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List voided numbers
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listVoidedNumbers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get invoice
         * @description Needs the scope `invoices:read`.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update invoice
         * @description Needs the scope `invoices:write`.
         */
        patch: operations["updateInvoice"];
        trace?: never;
    };
    "/api/v1/invoices/{id}/send/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send invoice
         * @description Needs the scope `invoices:send`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["sendInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/payment-link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create payment link
         * @description Needs the scope `invoices:send`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/void/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void invoice
         * @description Needs the scope `invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["voidInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/payments/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listPayments"];
        put?: never;
        /**
         * Record payment
         * @description Needs the scope `payments:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["recordPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/reminders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reminders
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listReminders"];
        put?: never;
        /**
         * Send reminder
         * @description Needs the scope `invoices:send`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["sendReminder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/late-fee/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge late fee
         * @description Needs the scope `invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["chargeLateFee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List quotes
         * @description Needs the scope `quotes:read`.
         */
        get: operations["listQuotes"];
        put?: never;
        /**
         * Create quote
         * @description Needs the scope `quotes:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get quote
         * @description Needs the scope `quotes:read`.
         */
        get: operations["getQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update quote
         * @description Needs the scope `quotes:write`.
         */
        patch: operations["updateQuote"];
        trace?: never;
    };
    "/api/v1/quotes/{id}/invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert quote
         * @description Needs the scope `invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["convertQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes/{id}/send/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send quote
         * @description Needs the scope `quotes:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["sendQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exchange-rates/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get exchange rate
         * @description Needs the scope `invoices:read`.
         */
        get: operations["getExchangeRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/peppol/participants/{participant_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get peppol participant
         * @description Needs the scope `clients:read`.
         */
        get: operations["getPeppolParticipant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/peppol/status/{adapter}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Peppol status
         * @description No credential.
         */
        post: operations["peppolStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/peppol/inbound/{adapter}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Peppol inbound
         * @description No credential.
         */
        post: operations["peppolInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-suppressions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List email suppressions
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listEmailSuppressions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-suppressions/{address}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete email suppression
         * @description Needs the scope `invoices:send`.
         */
        delete: operations["deleteEmailSuppression"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/credit-notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoice credit notes
         * @description Needs the scope `credit_notes:read`.
         */
        get: operations["listInvoiceCreditNotes"];
        put?: never;
        /**
         * Create credit note
         * @description Needs the scope `credit_notes:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credit-notes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List credit notes
         * @description Needs the scope `credit_notes:read`.
         */
        get: operations["listCreditNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credit-notes/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get credit note
         * @description Needs the scope `credit_notes:read`.
         */
        get: operations["getCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update credit note
         * @description Needs the scope `credit_notes:write`.
         */
        patch: operations["updateCreditNote"];
        trace?: never;
    };
    "/api/v1/incoming-invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List incoming invoices
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["listIncomingInvoices"];
        put?: never;
        /**
         * Create incoming invoice
         * @description Needs the scope `incoming_invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createIncomingInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get incoming invoice
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["getIncomingInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/original/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get incoming invoice original
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["getIncomingInvoiceOriginal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/attachments/{attachment_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get incoming invoice attachment
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["getIncomingInvoiceAttachment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/pdf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get incoming invoice pdf
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["getIncomingInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/html/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get incoming invoice html
         * @description Needs the scope `incoming_invoices:read`.
         */
        get: operations["getIncomingInvoiceHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/accept/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept incoming invoice
         * @description Needs the scope `incoming_invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["acceptIncomingInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/reject/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject incoming invoice
         * @description Needs the scope `incoming_invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["rejectIncomingInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/incoming-invoices/{id}/paid/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark incoming invoice paid
         * @description Needs the scope `incoming_invoices:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["markIncomingInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/archive/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List archive
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/archive/verify/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify archive
         * @description Needs the scope `invoices:read`.
         */
        get: operations["verifyArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/archive/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get archive record
         * @description Needs the scope `invoices:read`.
         */
        get: operations["getArchiveRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create export
         * @description Needs the scope `reports:read`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/exports/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get export
         * @description Needs the scope `reports:read`.
         */
        get: operations["getExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credit-notes/{id}/send/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send credit note
         * @description Needs the scope `credit_notes:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["sendCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credit-notes/{id}/refunds/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create refund
         * @description Needs the scope `credit_notes:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{id}/e-invoice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get invoice e invoice
         * @description Needs the scope `invoices:read`.
         */
        get: operations["getInvoiceEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/credit-notes/{id}/e-invoice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get credit note e invoice
         * @description Needs the scope `credit_notes:read`.
         */
        get: operations["getCreditNoteEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/revenue/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get revenue report
         * @description Needs the scope `reports:read`.
         */
        get: operations["getRevenueReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List recurring invoices
         * @description Needs the scope `recurring:read`.
         */
        get: operations["listRecurringInvoices"];
        put?: never;
        /**
         * Create recurring invoice
         * @description Needs the scope `recurring:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createRecurringInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get recurring invoice
         * @description Needs the scope `recurring:read`.
         */
        get: operations["getRecurringInvoice"];
        put?: never;
        post?: never;
        /**
         * End recurring invoice
         * @description Needs the scope `recurring:write`.
         */
        delete: operations["endRecurringInvoice"];
        options?: never;
        head?: never;
        /**
         * Update recurring invoice
         * @description Needs the scope `recurring:write`.
         */
        patch: operations["updateRecurringInvoice"];
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List generated invoices
         * @description Needs the scope `invoices:read`.
         */
        get: operations["listGeneratedInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/pause/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause recurring invoice
         * @description Needs the scope `recurring:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["pauseRecurringInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recurring-invoices/{id}/resume/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume recurring invoice
         * @description Needs the scope `recurring:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["resumeRecurringInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Needs the scope `events:read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Needs the scope `webhooks:read`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create webhook
         * @description Needs the scope `webhooks:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get webhook
         * @description Needs the scope `webhooks:read`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete webhook
         * @description Needs the scope `webhooks:write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update webhook
         * @description Needs the scope `webhooks:write`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate webhook secret
         * @description Needs the scope `webhooks:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test webhook
         * @description Needs the scope `webhooks:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries
         * @description Needs the scope `webhooks:read`.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry delivery
         * @description Needs the scope `webhooks:write`. A retry with the same `Idempotency-Key` answers the first answer again.
         */
        post: operations["retryDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/credit-notes/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View public credit note
         * @description No credential.
         */
        get: operations["viewPublicCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/credit-notes/{token}/pdf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download public credit note
         * @description No credential.
         */
        get: operations["downloadPublicCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/credit-notes/{token}/e-invoice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download public credit note e invoice
         * @description No credential.
         */
        get: operations["downloadPublicCreditNoteEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View public invoice
         * @description No credential.
         */
        get: operations["viewPublicInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{token}/pdf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download public invoice
         * @description No credential.
         */
        get: operations["downloadPublicInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{token}/e-invoice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download public e invoice
         * @description No credential.
         */
        get: operations["downloadPublicEInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{token}/pay/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay public invoice
         * @description No credential.
         */
        post: operations["payPublicInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/quotes/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View public quote
         * @description No credential.
         */
        get: operations["viewPublicQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/quotes/{token}/answer/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer public quote
         * @description No credential.
         */
        post: operations["answerPublicQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/quotes/{token}/pdf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download public quote
         * @description No credential.
         */
        get: operations["downloadPublicQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sandbox/checkout/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * View sandbox checkout
         * @description No credential.
         */
        get: operations["viewSandboxCheckout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sandbox/checkout/{id}/{outcome}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete sandbox checkout
         * @description No credential.
         */
        post: operations["completeSandboxCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/stripe/webhook/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe webhook
         * @description No credential.
         */
        post: operations["stripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "organization.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The organization.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onOrganizationUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onClientCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onClientUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The client.archived event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onClientArchived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.reminder_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.reminder_sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceReminderSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.paid event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.overdue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.overdue event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceOverdue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.voided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.voided event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceVoided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.credited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.credited event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceCredited"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.email_delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.email_delivered event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceEmailDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.email_bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.email_bounced event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceEmailBounced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.email_complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.email_complained event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoiceEmailComplained"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.peppol_queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.peppol_queued event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoicePeppolQueued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.peppol_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.peppol_sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoicePeppolSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.peppol_delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.peppol_delivered event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoicePeppolDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.peppol_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invoice.peppol_failed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvoicePeppolFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The payment.received event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onPaymentReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.email_delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.email_delivered event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteEmailDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.email_bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.email_bounced event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteEmailBounced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.email_complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.email_complained event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNoteEmailComplained"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.peppol_queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.peppol_queued event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNotePeppolQueued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.peppol_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.peppol_sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNotePeppolSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.peppol_delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.peppol_delivered event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNotePeppolDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "credit_note.peppol_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The credit_note.peppol_failed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onCreditNotePeppolFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The refund.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRefundCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The refund.succeeded event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRefundSucceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The refund.failed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRefundFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.sent event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.accepted event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteAccepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.declined event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteDeclined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.expired event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.email_delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.email_delivered event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteEmailDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.email_bounced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.email_bounced event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteEmailBounced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "quote.email_complained": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The quote.email_complained event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onQuoteEmailComplained"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.received event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoiceReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.invalid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.invalid event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoiceInvalid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.duplicate event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoiceDuplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.accepted event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoiceAccepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.rejected event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoiceRejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "incoming_invoice.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The incoming_invoice.paid event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onIncomingInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "archive_record.written": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The archive_record.written event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onArchiveRecordWritten"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The export.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onExportCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The export.completed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onExportCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "export.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The export.failed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onExportFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recurring_invoice.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The recurring_invoice.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRecurringInvoiceCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recurring_invoice.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The recurring_invoice.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRecurringInvoiceUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recurring_invoice.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The recurring_invoice.paused event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRecurringInvoicePaused"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recurring_invoice.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The recurring_invoice.resumed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRecurringInvoiceResumed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "recurring_invoice.ended": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The recurring_invoice.ended event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onRecurringInvoiceEnded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "member.added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The member.added event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onMemberAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "member.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The member.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onMemberUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "member.removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The member.removed event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onMemberRemoved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invitation.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvitationCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invitation.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The invitation.revoked event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onInvitationRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The api_key.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onApiKeyCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The api_key.disabled event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onApiKeyDisabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The api_key.enabled event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onApiKeyEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The api_key.revoked event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onApiKeyRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "email_suppression.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The email_suppression.deleted event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onEmailSuppressionDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.created event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onWebhookCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.updated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onWebhookUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.secret_rotated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.secret_rotated event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onWebhookSecretRotated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.deleted event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onWebhookDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The webhook.disabled event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onWebhookDisabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The ping event
         * @description Delivered to subscriptions whose `events` list it or "*" (ping: to the tested one only).
         */
        post: operations["onPing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description What the code needs said: fields, missing terms, request id */
        ErrorDetails: Record<string, never>;
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "organization.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "org_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "subscription_tier": "string",
         *           "subscription_status": "string",
         *           "default_currency": "EUR",
         *           "time_zone": "string",
         *           "invoice_numbering": {
         *             "pattern": "string",
         *             "padding": 0,
         *             "reset": "never"
         *           },
         *           "credit_note_numbering": {
         *             "pattern": "string",
         *             "padding": 0,
         *             "reset": "never"
         *           },
         *           "quote_numbering": {
         *             "pattern": "string",
         *             "padding": 0,
         *             "reset": "never"
         *           },
         *           "tax_rounding": "per_line",
         *           "legal_name": "string",
         *           "address": {
         *             "line1": "string",
         *             "line2": "string",
         *             "city": "string",
         *             "postal_code": "string",
         *             "state": "string",
         *             "country": "DE"
         *           },
         *           "tax_id": "string",
         *           "registration_number": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "website": "string",
         *           "payment_instructions": {
         *             "iban": "string",
         *             "bic": "string",
         *             "account_name": "string",
         *             "text": "string"
         *           },
         *           "peppol_id": "string",
         *           "e_invoice_format": "ubl",
         *           "delivery_channel": "email",
         *           "logo": {
         *             "content_type": "image/png",
         *             "size": 0,
         *             "width": 0,
         *             "height": 0
         *           },
         *           "locale": "string",
         *           "default_notes": "string",
         *           "default_terms": "string",
         *           "payment_term_days": 0,
         *           "reminder_policy": {
         *             "enabled": true,
         *             "steps": [
         *               {
         *                 "offset_days": 0,
         *                 "attach_pdf": true,
         *                 "attach_e_invoice": true,
         *                 "charge_late_fee": true
         *               }
         *             ]
         *           },
         *           "datev": {
         *             "consultant_number": 0,
         *             "client_number": 0,
         *             "fiscal_year_start_month": 0,
         *             "account_length": 0,
         *             "debtor_account": "string",
         *             "revenue_accounts": {
         *               "property1": "string",
         *               "property2": "string"
         *             },
         *             "chart": "03"
         *           },
         *           "late_fee_policy": {
         *             "interest": {
         *               "basis": "fixed",
         *               "rate": "string"
         *             },
         *             "compensation": {
         *               "amount": "string",
         *               "currency": "string"
         *             },
         *             "tax_category": "O",
         *             "tax_rate": "string"
         *           },
         *           "accounting_currency": "EUR",
         *           "exchange_rate_date": "issue_date",
         *           "archive_retention_years": 0,
         *           "payment_reference_scheme": "rf",
         *           "bank_accounts": [
         *             {
         *               "iban": "string",
         *               "name": "string"
         *             }
         *           ],
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        OrganizationUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "organization.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Organization"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * Format: date-time
         * @description An instant, ISO 8601 in UTC
         * @example 2026-11-23T10:00:00.000Z
         */
        Timestamp: string;
        /**
         * @example {
         *       "id": "org_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "subscription_tier": "string",
         *       "subscription_status": "string",
         *       "default_currency": "EUR",
         *       "time_zone": "string",
         *       "invoice_numbering": {
         *         "pattern": "string",
         *         "padding": 0,
         *         "reset": "never"
         *       },
         *       "credit_note_numbering": {
         *         "pattern": "string",
         *         "padding": 0,
         *         "reset": "never"
         *       },
         *       "quote_numbering": {
         *         "pattern": "string",
         *         "padding": 0,
         *         "reset": "never"
         *       },
         *       "tax_rounding": "per_line",
         *       "legal_name": "string",
         *       "address": {
         *         "line1": "string",
         *         "line2": "string",
         *         "city": "string",
         *         "postal_code": "string",
         *         "state": "string",
         *         "country": "DE"
         *       },
         *       "tax_id": "string",
         *       "registration_number": "string",
         *       "email": "string",
         *       "phone": "string",
         *       "website": "string",
         *       "payment_instructions": {
         *         "iban": "string",
         *         "bic": "string",
         *         "account_name": "string",
         *         "text": "string"
         *       },
         *       "peppol_id": "string",
         *       "e_invoice_format": "ubl",
         *       "delivery_channel": "email",
         *       "logo": {
         *         "content_type": "image/png",
         *         "size": 0,
         *         "width": 0,
         *         "height": 0
         *       },
         *       "locale": "string",
         *       "default_notes": "string",
         *       "default_terms": "string",
         *       "payment_term_days": 0,
         *       "reminder_policy": {
         *         "enabled": true,
         *         "steps": [
         *           {
         *             "offset_days": 0,
         *             "attach_pdf": true,
         *             "attach_e_invoice": true,
         *             "charge_late_fee": true
         *           }
         *         ]
         *       },
         *       "datev": {
         *         "consultant_number": 0,
         *         "client_number": 0,
         *         "fiscal_year_start_month": 0,
         *         "account_length": 0,
         *         "debtor_account": "string",
         *         "revenue_accounts": {
         *           "property1": "string",
         *           "property2": "string"
         *         },
         *         "chart": "03"
         *       },
         *       "late_fee_policy": {
         *         "interest": {
         *           "basis": "fixed",
         *           "rate": "string"
         *         },
         *         "compensation": {
         *           "amount": "string",
         *           "currency": "string"
         *         },
         *         "tax_category": "O",
         *         "tax_rate": "string"
         *       },
         *       "accounting_currency": "EUR",
         *       "exchange_rate_date": "issue_date",
         *       "archive_retention_years": 0,
         *       "payment_reference_scheme": "rf",
         *       "bank_accounts": [
         *         {
         *           "iban": "string",
         *           "name": "string"
         *         }
         *       ],
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Organization: {
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            subscription_tier: string;
            subscription_status: string;
            default_currency: components["schemas"]["Currency"];
            time_zone: string;
            invoice_numbering: {
                pattern: string;
                padding: number;
                /** @enum {string} */
                reset: "never" | "yearly";
            };
            credit_note_numbering: {
                pattern: string;
                padding: number;
                /** @enum {string} */
                reset: "never" | "yearly";
            };
            quote_numbering: {
                pattern: string;
                padding: number;
                /** @enum {string} */
                reset: "never" | "yearly";
            };
            /** @enum {string} */
            tax_rounding: "per_line" | "per_rate";
            legal_name: string | null;
            address: components["schemas"]["PostalAddress"] | null;
            tax_id: string | null;
            registration_number: string | null;
            email: string | null;
            phone: string | null;
            website: string | null;
            payment_instructions: components["schemas"]["PaymentInstructions"] | null;
            /** @description Electronic address (EN 16931 BT-34/BT-49), `scheme:value` */
            peppol_id: string | null;
            e_invoice_format: ("ubl" | "cii" | "xrechnung-ubl" | "xrechnung-cii" | "peppol" | "factur-x") | null;
            /** @enum {string} */
            delivery_channel: "email" | "peppol" | "auto";
            logo: {
                /** @enum {string} */
                content_type: "image/png" | "image/jpeg";
                size: number;
                width: number;
                height: number;
            } | null;
            locale: string;
            default_notes: string;
            default_terms: string;
            payment_term_days: number;
            reminder_policy: {
                enabled: boolean;
                steps: {
                    offset_days: number;
                    attach_pdf?: boolean;
                    attach_e_invoice?: boolean;
                    charge_late_fee?: boolean;
                }[];
            };
            datev: {
                consultant_number: number;
                client_number: number;
                fiscal_year_start_month: number;
                account_length: number;
                debtor_account: string;
                revenue_accounts: {
                    [key: string]: string;
                };
                /** @enum {string} */
                chart: "03" | "04";
            } | null;
            late_fee_policy: {
                interest: ({
                    /** @constant */
                    basis: "fixed";
                    rate: string;
                } | {
                    /** @constant */
                    basis: "statutory";
                    margin: string;
                }) | null;
                compensation: {
                    amount: string;
                    currency: string;
                } | null;
                /** @enum {string} */
                tax_category?: "O" | "S" | "E";
                tax_rate?: string;
            } | null;
            accounting_currency: components["schemas"]["Currency"];
            /** @enum {string} */
            exchange_rate_date: "issue_date" | "previous_business_day";
            archive_retention_years: number;
            /** @enum {string} */
            payment_reference_scheme: "rf" | "be_ogm" | "none";
            bank_accounts: {
                iban: string;
                name: string | null;
            }[];
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description ISO 4217 currency code
         * @example EUR
         */
        Currency: string;
        PostalAddress: {
            line1: string;
            line2?: string;
            city: string;
            postal_code: string;
            state?: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example DE
             */
            country: string;
        };
        PaymentInstructions: {
            iban?: string;
            bic?: string;
            account_name?: string;
            text?: string;
        };
        /** @description `user` (a signed-in user: their id and role), `api_key` (its id), `public` (whoever holds a public link: the route), `system` (a job or worker: its name) */
        Actor: {
            /** @enum {string} */
            type: "user" | "api_key" | "public" | "system";
            id: string;
            role: ("owner" | "admin" | "member") | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "client.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string",
         *           "locale": "string",
         *           "reminders": "on",
         *           "business": true,
         *           "is_active": true,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ClientCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "client.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Client"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "cli_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "email": "string",
         *       "phone": "string",
         *       "address": "string",
         *       "city": "string",
         *       "state": "string",
         *       "postal_code": "string",
         *       "country": "string",
         *       "tax_id": "string",
         *       "peppol_id": "string",
         *       "locale": "string",
         *       "reminders": "on",
         *       "business": true,
         *       "is_active": true,
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Client: {
            /**
             * @description `cli_` and a ULID
             * @example cli_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            email: string;
            phone: string | null;
            address: string | null;
            city: string | null;
            state: string | null;
            postal_code: string | null;
            country: string | null;
            tax_id: string | null;
            /** @description Electronic address (EN 16931 BT-34/BT-49), `scheme:value` */
            peppol_id: string | null;
            locale: string | null;
            /** @enum {string} */
            reminders: "on" | "off";
            business: boolean;
            is_active: boolean;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /**
         * @description Your own keys and values: never printed on documents
         * @example {
         *       "order_id": "6735"
         *     }
         */
        Metadata: {
            [key: string]: string;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "client.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string",
         *           "locale": "string",
         *           "reminders": "on",
         *           "business": true,
         *           "is_active": true,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ClientUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "client.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Client"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "client.archived",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string",
         *           "locale": "string",
         *           "reminders": "on",
         *           "business": true,
         *           "is_active": true,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ClientArchivedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "client.archived";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Client"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "inv_01JD3M8Q5W0000000000000000",
         *       "invoice_number": "string",
         *       "status": "draft",
         *       "client": {
         *         "id": "cli_01JD3M8Q5W0000000000000000",
         *         "name": "string"
         *       },
         *       "seller": {
         *         "name": "string",
         *         "address": {
         *           "line1": "string",
         *           "line2": "string",
         *           "city": "string",
         *           "postal_code": "string",
         *           "state": "string",
         *           "country": "DE"
         *         },
         *         "tax_id": "string",
         *         "registration_number": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "website": "string",
         *         "payment_instructions": {
         *           "iban": "string",
         *           "bic": "string",
         *           "account_name": "string",
         *           "text": "string"
         *         },
         *         "peppol_id": "string"
         *       },
         *       "buyer": {
         *         "name": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "address": "string",
         *         "city": "string",
         *         "state": "string",
         *         "postal_code": "string",
         *         "country": "string",
         *         "tax_id": "string",
         *         "peppol_id": "string"
         *       },
         *       "issue_date": "2026-11-23",
         *       "due_date": "2026-11-23",
         *       "currency": "EUR",
         *       "locale": "string",
         *       "supply_date": "2026-11-23",
         *       "service_period": {
         *         "start": "2026-11-23",
         *         "end": "2026-11-23"
         *       },
         *       "buyer_reference": "string",
         *       "purchase_order": "string",
         *       "payment_reference": "string",
         *       "line_items": [
         *         {
         *           "description": "string",
         *           "quantity": 0,
         *           "unit": "C62",
         *           "unit_price": "100.00",
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "discount_amount": "1190.00",
         *           "net_amount": "1190.00",
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "tax_exemption_reason": "string",
         *           "tax_amount": "1190.00",
         *           "total": "1190.00"
         *         }
         *       ],
         *       "discount": {
         *         "percent": "10"
         *       },
         *       "prices_include_tax": true,
         *       "tax_rounding": "per_line",
         *       "subtotal": "1190.00",
         *       "discount_amount": "1190.00",
         *       "taxable_amount": "1190.00",
         *       "tax_amount": "1190.00",
         *       "tax_breakdown": [
         *         {
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_exemption_reason": "string",
         *           "tax_amount_in_accounting_currency": "1190.00"
         *         }
         *       ],
         *       "accounting_currency": "EUR",
         *       "exchange_rate": {
         *         "rate": "string",
         *         "from": "EUR",
         *         "to": "EUR",
         *         "date": "2026-11-23",
         *         "source": "manual",
         *         "legs": [
         *           {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR"
         *           },
         *           {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR"
         *           }
         *         ]
         *       },
         *       "tax_total_in_accounting_currency": "1190.00",
         *       "total_amount": "1190.00",
         *       "amount_paid": "1190.00",
         *       "amount_credited": "1190.00",
         *       "amount_refunded": "1190.00",
         *       "amount_due": "1190.00",
         *       "amount_refundable": "1190.00",
         *       "notes": "string",
         *       "terms": "string",
         *       "public_url": "http://example.com",
         *       "pdf_url": "http://example.com",
         *       "sent_at": "2026-11-23T10:00:00.000Z",
         *       "paid_at": "2026-11-23T10:00:00.000Z",
         *       "voided_at": "2026-11-23T10:00:00.000Z",
         *       "sendings": [
         *         {
         *           "channel": "email",
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "reminder": true,
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       ],
         *       "reminders_paused": true,
         *       "preceding_invoice": {
         *         "id": "inv_01JD3M8Q5W0000000000000000",
         *         "number": "string",
         *         "issue_date": "2026-11-23"
         *       },
         *       "late_fee_through": "2026-11-23",
         *       "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *       "quote": {
         *         "id": "quo_01JD3M8Q5W0000000000000000",
         *         "quote_number": "string",
         *         "kind": "deposit"
         *       },
         *       "deducted_by": {
         *         "id": "inv_01JD3M8Q5W0000000000000000",
         *         "invoice_number": "string"
         *       },
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Invoice: {
            /**
             * @description `inv_` and a ULID
             * @example inv_01JD3M8Q5W0000000000000000
             */
            id: string;
            invoice_number: string;
            /** @enum {string} */
            status: "draft" | "sent" | "partially_paid" | "paid" | "overdue" | "credited" | "void";
            client: {
                /**
                 * @description `cli_` and a ULID
                 * @example cli_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
            };
            seller: components["schemas"]["Seller"] | null;
            buyer: components["schemas"]["Buyer"] | null;
            issue_date: components["schemas"]["CalendarDate"];
            due_date: components["schemas"]["CalendarDate"];
            currency: components["schemas"]["Currency"];
            locale: string;
            supply_date: components["schemas"]["CalendarDate"] | null;
            service_period: {
                start: components["schemas"]["CalendarDate"];
                end: components["schemas"]["CalendarDate"];
            } | null;
            buyer_reference: string | null;
            purchase_order: string | null;
            payment_reference: string | null;
            line_items: {
                description: string;
                quantity: number;
                /**
                 * @description UN/ECE Recommendation 20 unit code
                 * @example C62
                 */
                unit: string;
                /**
                 * @description Price of one unit, net or gross as prices_include_tax says
                 * @example 100.00
                 */
                unit_price: string;
                discount: components["schemas"]["Discount"] | null;
                discount_amount: components["schemas"]["Money"];
                net_amount: components["schemas"]["Money"];
                tax_category: components["schemas"]["TaxCategory"];
                /**
                 * @description VAT rate in percent
                 * @example 19
                 * @example 7.7
                 */
                tax_rate: string;
                tax_exemption_reason: string | null;
                tax_amount: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
            }[];
            discount: components["schemas"]["Discount"] | null;
            prices_include_tax: boolean;
            /** @enum {string} */
            tax_rounding: "per_line" | "per_rate";
            subtotal: components["schemas"]["Money"];
            discount_amount: components["schemas"]["Money"];
            taxable_amount: components["schemas"]["Money"];
            tax_amount: components["schemas"]["Money"];
            tax_breakdown: components["schemas"]["TaxBreakdownRow"][];
            accounting_currency: components["schemas"]["Currency"] | null;
            exchange_rate: components["schemas"]["ExchangeRate"] | null;
            tax_total_in_accounting_currency: components["schemas"]["Money"] | null;
            total_amount: components["schemas"]["Money"];
            amount_paid: components["schemas"]["Money"];
            amount_credited: components["schemas"]["Money"];
            amount_refunded: components["schemas"]["Money"];
            amount_due: components["schemas"]["Money"];
            amount_refundable: components["schemas"]["Money"];
            notes: string;
            terms: string;
            /** Format: uri */
            public_url: string;
            /** Format: uri */
            pdf_url: string;
            sent_at: components["schemas"]["Timestamp"] | null;
            paid_at: components["schemas"]["Timestamp"] | null;
            voided_at: components["schemas"]["Timestamp"] | null;
            sendings: (components["schemas"]["Sending"] | components["schemas"]["PeppolSending"])[];
            reminders_paused: boolean;
            preceding_invoice: {
                /**
                 * @description `inv_` and a ULID
                 * @example inv_01JD3M8Q5W0000000000000000
                 */
                id: string;
                number: string;
                issue_date: components["schemas"]["CalendarDate"];
            } | null;
            late_fee_through: components["schemas"]["CalendarDate"] | null;
            recurring_invoice: string | null;
            quote: {
                /**
                 * @description `quo_` and a ULID
                 * @example quo_01JD3M8Q5W0000000000000000
                 */
                id: string;
                quote_number: string;
                /** @enum {string} */
                kind: "deposit" | "final" | "full";
            } | null;
            deducted_by: {
                /**
                 * @description `inv_` and a ULID
                 * @example inv_01JD3M8Q5W0000000000000000
                 */
                id: string;
                invoice_number: string;
            } | null;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description The seller as the document shows it */
        Seller: {
            name: string;
            address: components["schemas"]["PostalAddress"] | null;
            tax_id: string | null;
            registration_number: string | null;
            email: string | null;
            phone: string | null;
            website: string | null;
            payment_instructions: components["schemas"]["PaymentInstructions"] | null;
            /** @description Electronic address (EN 16931 BT-34/BT-49), `scheme:value` */
            peppol_id: string | null;
        };
        /** @description The buyer as the document shows it */
        Buyer: {
            name: string;
            email: string;
            phone: string | null;
            address: string | null;
            city: string | null;
            state: string | null;
            postal_code: string | null;
            country: string | null;
            tax_id: string | null;
            /** @description Electronic address (EN 16931 BT-34/BT-49), `scheme:value` */
            peppol_id: string | null;
        };
        /**
         * Format: date
         * @description A calendar date, YYYY-MM-DD
         * @example 2026-11-23
         */
        CalendarDate: string;
        /** @description A percentage or a fixed amount off, net of tax */
        Discount: {
            /**
             * @description Percent off
             * @example 10
             */
            percent: string;
        } | {
            amount: components["schemas"]["Money"];
        };
        /**
         * @description An amount: a decimal string with two fraction digits, never a number
         * @example 1190.00
         */
        Money: string;
        /**
         * @description VAT category code (UNCL5305)
         * @enum {string}
         */
        TaxCategory: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
        /** @description One VAT category and rate (EN 16931 BG-23) */
        TaxBreakdownRow: {
            tax_category: components["schemas"]["TaxCategory"];
            /**
             * @description VAT rate in percent
             * @example 19
             * @example 7.7
             */
            tax_rate: string;
            taxable_amount: components["schemas"]["Money"];
            tax_amount: components["schemas"]["Money"];
            tax_exemption_reason: string | null;
            tax_amount_in_accounting_currency: components["schemas"]["Money"] | null;
        };
        /**
         * @description `rate` units of `to` per one unit of `from`, as given or as the ECB publishes it (euro → currency); a cross rate through the euro names its two ECB `legs` and shows `rate` to 6 significant digits
         * @example {
         *       "rate": "string",
         *       "from": "EUR",
         *       "to": "EUR",
         *       "date": "2026-11-23",
         *       "source": "manual",
         *       "legs": [
         *         {
         *           "rate": "string",
         *           "from": "EUR",
         *           "to": "EUR"
         *         },
         *         {
         *           "rate": "string",
         *           "from": "EUR",
         *           "to": "EUR"
         *         }
         *       ]
         *     }
         */
        ExchangeRate: {
            rate: string;
            from: components["schemas"]["Currency"];
            to: components["schemas"]["Currency"];
            date: components["schemas"]["CalendarDate"];
            /** @enum {string} */
            source: "manual" | "ecb";
            legs?: [
                {
                    rate: string;
                    from: components["schemas"]["Currency"];
                    to: components["schemas"]["Currency"];
                },
                {
                    rate: string;
                    from: components["schemas"]["Currency"];
                    to: components["schemas"]["Currency"];
                }
            ];
        };
        /** @description One e-mail of the document */
        Sending: {
            /** @constant */
            channel: "email";
            to: string;
            sent_at: components["schemas"]["Timestamp"];
            message_id: string;
            reminder: boolean;
            delivery_status: components["schemas"]["DeliveryStatus"];
            delivery_status_at: components["schemas"]["Timestamp"];
            bounce_type: ("permanent" | "transient" | "undetermined") | null;
        };
        /**
         * @description sent: handed to the mail service; delivery_delayed, delivered, rejected, bounced, complained: as it reported; unknown: a reminder whose sending was interrupted; suppressed: a reminder not sent to a suppressed address
         * @enum {string}
         */
        DeliveryStatus: "sent" | "unknown" | "suppressed" | "delivery_delayed" | "delivered" | "rejected" | "bounced" | "complained";
        /** @description One sending of the document over Peppol: `queued` → `sent` (the access point took it: `transmission_id`, and `sha256` of the UBL bytes sent) → `delivered` or `failed` (with `reason`); a status never moves back */
        PeppolSending: {
            id: string;
            /** @constant */
            channel: "peppol";
            to: string;
            /** @enum {string} */
            status: "queued" | "sent" | "delivered" | "failed";
            /** Format: date-time */
            status_at: string;
            transmission_id: string | null;
            sha256: string | null;
            reason: string | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                sending?: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.reminder_sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceReminderSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.reminder_sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.paid",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "id": "pay_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "method": "string",
         *           "reference": "string",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoicePaidEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.paid";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                payment: components["schemas"]["Payment"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        Payment: {
            /**
             * @description `pay_` and a ULID
             * @example pay_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description `inv_` and a ULID
             * @example inv_01JD3M8Q5W0000000000000000
             */
            invoice: string;
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            paid_at: components["schemas"]["Timestamp"];
            method: string;
            reference: string | null;
            /** @enum {string} */
            provider: "manual" | "stripe" | "sandbox";
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.overdue",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceOverdueEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.overdue";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.voided",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceVoidedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.voided";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.credited",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceCreditedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.credited";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.email_delivered",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceEmailDeliveredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.email_delivered";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /** @description One e-mail and what the mail service reported */
        EmailReport: {
            to: string;
            sent_at: components["schemas"]["Timestamp"];
            message_id: string;
            delivery_status: components["schemas"]["DeliveryStatus"];
            delivery_status_at: components["schemas"]["Timestamp"];
            bounce_type: ("permanent" | "transient" | "undetermined") | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.email_bounced",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceEmailBouncedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.email_bounced";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.email_complained",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoiceEmailComplainedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.email_complained";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.peppol_queued",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoicePeppolQueuedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.peppol_queued";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.peppol_sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoicePeppolSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.peppol_sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.peppol_delivered",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoicePeppolDeliveredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.peppol_delivered";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invoice.peppol_failed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvoicePeppolFailedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invoice.peppol_failed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "payment.received",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "id": "pay_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "method": "string",
         *           "reference": "string",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        PaymentReceivedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "payment.received";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                payment: components["schemas"]["Payment"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "cn_01JD3M8Q5W0000000000000000",
         *       "credit_note_number": "string",
         *       "invoice": {
         *         "id": "inv_01JD3M8Q5W0000000000000000",
         *         "number": "string",
         *         "issue_date": "2026-11-23",
         *         "due_date": "2026-11-23"
         *       },
         *       "client": {
         *         "id": "cli_01JD3M8Q5W0000000000000000",
         *         "name": "string"
         *       },
         *       "issue_date": "2026-11-23",
         *       "currency": "EUR",
         *       "locale": "string",
         *       "seller": {
         *         "name": "string",
         *         "address": {
         *           "line1": "string",
         *           "line2": "string",
         *           "city": "string",
         *           "postal_code": "string",
         *           "state": "string",
         *           "country": "DE"
         *         },
         *         "tax_id": "string",
         *         "registration_number": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "website": "string",
         *         "payment_instructions": {
         *           "iban": "string",
         *           "bic": "string",
         *           "account_name": "string",
         *           "text": "string"
         *         },
         *         "peppol_id": "string"
         *       },
         *       "buyer": {
         *         "name": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "address": "string",
         *         "city": "string",
         *         "state": "string",
         *         "postal_code": "string",
         *         "country": "string",
         *         "tax_id": "string",
         *         "peppol_id": "string"
         *       },
         *       "reason": "duplicate",
         *       "memo": "string",
         *       "line_items": [
         *         {
         *           "invoice_line": 0,
         *           "description": "string",
         *           "quantity": 0,
         *           "unit": "string",
         *           "unit_price": "string",
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "net_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total": "1190.00"
         *         }
         *       ],
         *       "subtotal": "1190.00",
         *       "tax_amount": "1190.00",
         *       "total_amount": "1190.00",
         *       "amount_refunded": "1190.00",
         *       "tax_breakdown": [
         *         {
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_exemption_reason": "string",
         *           "tax_amount_in_accounting_currency": "1190.00"
         *         }
         *       ],
         *       "accounting_currency": "EUR",
         *       "exchange_rate": {
         *         "rate": "string",
         *         "from": "EUR",
         *         "to": "EUR",
         *         "date": "2026-11-23",
         *         "source": "manual",
         *         "legs": [
         *           {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR"
         *           },
         *           {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR"
         *           }
         *         ]
         *       },
         *       "tax_total_in_accounting_currency": "1190.00",
         *       "sendings": [
         *         {
         *           "channel": "email",
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       ],
         *       "public_url": "http://example.com",
         *       "pdf_url": "http://example.com",
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        CreditNote: {
            /**
             * @description `cn_` and a ULID
             * @example cn_01JD3M8Q5W0000000000000000
             */
            id: string;
            credit_note_number: string;
            invoice: {
                /**
                 * @description `inv_` and a ULID
                 * @example inv_01JD3M8Q5W0000000000000000
                 */
                id: string;
                number: string;
                issue_date: components["schemas"]["CalendarDate"];
                due_date: components["schemas"]["CalendarDate"];
            };
            client: {
                /**
                 * @description `cli_` and a ULID
                 * @example cli_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
            };
            issue_date: components["schemas"]["CalendarDate"];
            currency: components["schemas"]["Currency"];
            locale: string;
            seller: components["schemas"]["Seller"] | null;
            buyer: components["schemas"]["Buyer"] | null;
            /** @enum {string} */
            reason: "duplicate" | "fraudulent" | "order_change" | "product_unsatisfactory" | "other";
            memo: string;
            line_items: {
                /** @description Index of the invoice line it credits; null for an amount spread over the whole invoice */
                invoice_line: number | null;
                description: string;
                quantity: number | null;
                unit: string | null;
                unit_price: string | null;
                tax_category: components["schemas"]["TaxCategory"];
                /**
                 * @description VAT rate in percent
                 * @example 19
                 * @example 7.7
                 */
                tax_rate: string;
                net_amount: components["schemas"]["Money"];
                tax_amount: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
            }[];
            subtotal: components["schemas"]["Money"];
            tax_amount: components["schemas"]["Money"];
            total_amount: components["schemas"]["Money"];
            amount_refunded: components["schemas"]["Money"];
            tax_breakdown: components["schemas"]["TaxBreakdownRow"][];
            accounting_currency: components["schemas"]["Currency"] | null;
            exchange_rate: components["schemas"]["ExchangeRate"] | null;
            tax_total_in_accounting_currency: components["schemas"]["Money"] | null;
            sendings: (components["schemas"]["CreditNoteSending"] | components["schemas"]["PeppolSending"])[];
            /** Format: uri */
            public_url: string;
            /** Format: uri */
            pdf_url: string;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description One e-mail of the credit note */
        CreditNoteSending: {
            /** @constant */
            channel: "email";
            to: string;
            sent_at: components["schemas"]["Timestamp"];
            message_id: string;
            delivery_status: components["schemas"]["DeliveryStatus"];
            delivery_status_at: components["schemas"]["Timestamp"];
            bounce_type: ("permanent" | "transient" | "undetermined") | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.email_delivered",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteEmailDeliveredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.email_delivered";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.email_bounced",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteEmailBouncedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.email_bounced";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.email_complained",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNoteEmailComplainedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.email_complained";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.peppol_queued",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNotePeppolQueuedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.peppol_queued";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.peppol_sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNotePeppolSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.peppol_sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.peppol_delivered",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNotePeppolDeliveredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.peppol_delivered";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "credit_note.peppol_failed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "sending": {
         *           "id": "string",
         *           "channel": "peppol",
         *           "to": "string",
         *           "status": "queued",
         *           "status_at": "2019-08-24T14:15:22Z",
         *           "transmission_id": "string",
         *           "sha256": "string",
         *           "reason": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        CreditNotePeppolFailedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "credit_note.peppol_failed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["CreditNote"];
                sending: components["schemas"]["PeppolSending"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "refund.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "refund": {
         *           "id": "ref_01JD3M8Q5W0000000000000000",
         *           "credit_note": "cn_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "method": "string",
         *           "reference": "string",
         *           "refunded_at": "2026-11-23T10:00:00.000Z",
         *           "status": "pending",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RefundCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                refund: components["schemas"]["Refund"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "ref_01JD3M8Q5W0000000000000000",
         *       "credit_note": "cn_01JD3M8Q5W0000000000000000",
         *       "invoice": "inv_01JD3M8Q5W0000000000000000",
         *       "amount": "1190.00",
         *       "currency": "EUR",
         *       "method": "string",
         *       "reference": "string",
         *       "refunded_at": "2026-11-23T10:00:00.000Z",
         *       "status": "pending",
         *       "provider": "manual",
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Refund: {
            /**
             * @description `ref_` and a ULID
             * @example ref_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description `cn_` and a ULID
             * @example cn_01JD3M8Q5W0000000000000000
             */
            credit_note: string;
            /**
             * @description `inv_` and a ULID
             * @example inv_01JD3M8Q5W0000000000000000
             */
            invoice: string;
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            method: string;
            reference: string | null;
            refunded_at: components["schemas"]["Timestamp"];
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            /** @enum {string} */
            provider: "manual" | "stripe" | "sandbox";
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "refund.succeeded",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "refund": {
         *           "id": "ref_01JD3M8Q5W0000000000000000",
         *           "credit_note": "cn_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "method": "string",
         *           "reference": "string",
         *           "refunded_at": "2026-11-23T10:00:00.000Z",
         *           "status": "pending",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RefundSucceededEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.succeeded";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                refund: components["schemas"]["Refund"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "refund.failed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "refund": {
         *           "id": "ref_01JD3M8Q5W0000000000000000",
         *           "credit_note": "cn_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "method": "string",
         *           "reference": "string",
         *           "refunded_at": "2026-11-23T10:00:00.000Z",
         *           "status": "pending",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RefundFailedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "refund.failed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invoice"];
                refund: components["schemas"]["Refund"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "quo_01JD3M8Q5W0000000000000000",
         *       "quote_number": "string",
         *       "status": "draft",
         *       "client": {
         *         "id": "cli_01JD3M8Q5W0000000000000000",
         *         "name": "string"
         *       },
         *       "seller": {
         *         "name": "string",
         *         "address": {
         *           "line1": "string",
         *           "line2": "string",
         *           "city": "string",
         *           "postal_code": "string",
         *           "state": "string",
         *           "country": "DE"
         *         },
         *         "tax_id": "string",
         *         "registration_number": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "website": "string",
         *         "payment_instructions": {
         *           "iban": "string",
         *           "bic": "string",
         *           "account_name": "string",
         *           "text": "string"
         *         },
         *         "peppol_id": "string"
         *       },
         *       "buyer": {
         *         "name": "string",
         *         "email": "string",
         *         "phone": "string",
         *         "address": "string",
         *         "city": "string",
         *         "state": "string",
         *         "postal_code": "string",
         *         "country": "string",
         *         "tax_id": "string",
         *         "peppol_id": "string"
         *       },
         *       "issue_date": "2026-11-23",
         *       "expiry_date": "2026-11-23",
         *       "currency": "EUR",
         *       "locale": "string",
         *       "line_items": [
         *         {
         *           "description": "string",
         *           "quantity": 0,
         *           "unit": "C62",
         *           "unit_price": "100.00",
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "discount_amount": "1190.00",
         *           "net_amount": "1190.00",
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "tax_exemption_reason": "string",
         *           "tax_amount": "1190.00",
         *           "total": "1190.00"
         *         }
         *       ],
         *       "discount": {
         *         "percent": "10"
         *       },
         *       "prices_include_tax": true,
         *       "tax_rounding": "per_line",
         *       "subtotal": "1190.00",
         *       "discount_amount": "1190.00",
         *       "taxable_amount": "1190.00",
         *       "tax_amount": "1190.00",
         *       "tax_breakdown": [
         *         {
         *           "tax_category": "S",
         *           "tax_rate": "19",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_exemption_reason": "string",
         *           "tax_amount_in_accounting_currency": "1190.00"
         *         }
         *       ],
         *       "total_amount": "1190.00",
         *       "notes": "string",
         *       "terms": "string",
         *       "public_url": "http://example.com",
         *       "sent_at": "2026-11-23T10:00:00.000Z",
         *       "accepted_at": "2026-11-23T10:00:00.000Z",
         *       "accepted_by": "string",
         *       "declined_at": "2026-11-23T10:00:00.000Z",
         *       "expired_at": "2026-11-23T10:00:00.000Z",
         *       "sendings": [
         *         {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       ],
         *       "invoices": [
         *         {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "kind": "deposit",
         *           "issue_date": "2026-11-23"
         *         }
         *       ],
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Quote: {
            /**
             * @description `quo_` and a ULID
             * @example quo_01JD3M8Q5W0000000000000000
             */
            id: string;
            quote_number: string;
            /** @enum {string} */
            status: "draft" | "sent" | "accepted" | "declined" | "expired";
            client: {
                /**
                 * @description `cli_` and a ULID
                 * @example cli_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
            };
            seller: components["schemas"]["Seller"] | null;
            buyer: components["schemas"]["Buyer"] | null;
            issue_date: components["schemas"]["CalendarDate"];
            expiry_date: components["schemas"]["CalendarDate"];
            currency: components["schemas"]["Currency"];
            locale: string;
            line_items: {
                description: string;
                quantity: number;
                /**
                 * @description UN/ECE Recommendation 20 unit code
                 * @example C62
                 */
                unit: string;
                /**
                 * @description Price of one unit, net or gross as prices_include_tax says
                 * @example 100.00
                 */
                unit_price: string;
                discount: components["schemas"]["Discount"] | null;
                discount_amount: components["schemas"]["Money"];
                net_amount: components["schemas"]["Money"];
                tax_category: components["schemas"]["TaxCategory"];
                /**
                 * @description VAT rate in percent
                 * @example 19
                 * @example 7.7
                 */
                tax_rate: string;
                tax_exemption_reason: string | null;
                tax_amount: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
            }[];
            discount: components["schemas"]["Discount"] | null;
            prices_include_tax: boolean;
            /** @enum {string} */
            tax_rounding: "per_line" | "per_rate";
            subtotal: components["schemas"]["Money"];
            discount_amount: components["schemas"]["Money"];
            taxable_amount: components["schemas"]["Money"];
            tax_amount: components["schemas"]["Money"];
            tax_breakdown: components["schemas"]["TaxBreakdownRow"][];
            total_amount: components["schemas"]["Money"];
            notes: string;
            terms: string;
            /** Format: uri */
            public_url: string;
            sent_at: components["schemas"]["Timestamp"] | null;
            accepted_at: components["schemas"]["Timestamp"] | null;
            accepted_by: string | null;
            declined_at: components["schemas"]["Timestamp"] | null;
            expired_at: components["schemas"]["Timestamp"] | null;
            sendings: components["schemas"]["QuoteSending"][];
            invoices: {
                /**
                 * @description `inv_` and a ULID
                 * @example inv_01JD3M8Q5W0000000000000000
                 */
                id: string;
                invoice_number: string;
                /** @enum {string} */
                kind: "deposit" | "final" | "full";
                issue_date: components["schemas"]["CalendarDate"];
            }[];
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description One e-mail of the quote */
        QuoteSending: {
            to: string;
            sent_at: components["schemas"]["Timestamp"];
            message_id: string;
            delivery_status: components["schemas"]["DeliveryStatus"];
            delivery_status_at: components["schemas"]["Timestamp"];
            bounce_type: ("permanent" | "transient" | "undetermined") | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.sent",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteSentEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.sent";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.accepted",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteAcceptedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.accepted";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.declined",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteDeclinedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.declined";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.expired",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteExpiredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.expired";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.email_delivered",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteEmailDeliveredEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.email_delivered";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.email_bounced",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteEmailBouncedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.email_bounced";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "quote.email_complained",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "email": {
         *           "to": "string",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        QuoteEmailComplainedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "quote.email_complained";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Quote"];
                email: components["schemas"]["EmailReport"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.received",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoiceReceivedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.received";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @description A received e-invoice (docs/incoming-invoices.md)
         * @example {
         *       "id": "inc_01JD3M8Q5W0000000000000000",
         *       "status": "received",
         *       "status_reason": "string",
         *       "misaddressed": true,
         *       "source": {
         *         "channel": "upload"
         *       },
         *       "syntax": "ubl-invoice",
         *       "container": "xml",
         *       "profile": "en16931",
         *       "specification_id": "string",
         *       "business_process": "string",
         *       "document_type": "invoice",
         *       "type_code": "string",
         *       "number": "string",
         *       "issue_date": "string",
         *       "due_date": "string",
         *       "currency": "string",
         *       "total_amount": "string",
         *       "amount_due": "string",
         *       "seller": {
         *         "name": "string",
         *         "tax_id": "string",
         *         "electronic_address": "string"
         *       },
         *       "buyer": {
         *         "name": "string",
         *         "tax_id": "string",
         *         "electronic_address": "string"
         *       },
         *       "passed": true,
         *       "fatal_rules": [
         *         "string"
         *       ],
         *       "validation": {
         *         "passed": true,
         *         "checked": [
         *           "schema"
         *         ],
         *         "schema_errors": [
         *           "string"
         *         ],
         *         "fatal": [
         *           {
         *             "id": "string",
         *             "severity": "fatal",
         *             "text": "string"
         *           }
         *         ],
         *         "warnings": [
         *           {
         *             "id": "string",
         *             "severity": "fatal",
         *             "text": "string"
         *           }
         *         ]
         *       },
         *       "view": {
         *         "document_type": "invoice",
         *         "type_code": "string",
         *         "number": "string",
         *         "issue_date": "string",
         *         "due_date": "string",
         *         "tax_point_date": "string",
         *         "currency": "string",
         *         "accounting_currency": "string",
         *         "notes": [
         *           "string"
         *         ],
         *         "buyer_reference": "string",
         *         "project_reference": "string",
         *         "contract_reference": "string",
         *         "purchase_order": "string",
         *         "sales_order": "string",
         *         "preceding_invoices": [
         *           {
         *             "number": "string",
         *             "issue_date": "string"
         *           }
         *         ],
         *         "seller": {
         *           "name": "string",
         *           "trading_name": "string",
         *           "tax_id": "string",
         *           "tax_registration_id": "string",
         *           "registration_number": "string",
         *           "electronic_address": "string",
         *           "address": {
         *             "line1": "string",
         *             "line2": "string",
         *             "line3": "string",
         *             "city": "string",
         *             "postal_code": "string",
         *             "state": "string",
         *             "country": "string"
         *           },
         *           "contact": {
         *             "name": "string",
         *             "phone": "string",
         *             "email": "string"
         *           }
         *         },
         *         "buyer": {
         *           "name": "string",
         *           "trading_name": "string",
         *           "tax_id": "string",
         *           "tax_registration_id": "string",
         *           "registration_number": "string",
         *           "electronic_address": "string",
         *           "address": {
         *             "line1": "string",
         *             "line2": "string",
         *             "line3": "string",
         *             "city": "string",
         *             "postal_code": "string",
         *             "state": "string",
         *             "country": "string"
         *           },
         *           "contact": {
         *             "name": "string",
         *             "phone": "string",
         *             "email": "string"
         *           }
         *         },
         *         "delivery_date": "string",
         *         "service_period": {
         *           "start": "string",
         *           "end": "string"
         *         },
         *         "line_items": [
         *           {
         *             "id": "string",
         *             "description": "string",
         *             "item_description": "string",
         *             "note": "string",
         *             "quantity": "string",
         *             "unit": "string",
         *             "unit_price": "string",
         *             "price_base_quantity": "string",
         *             "net_amount": "string",
         *             "tax_category": "string",
         *             "tax_rate": "string",
         *             "period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ]
         *           }
         *         ],
         *         "allowances_charges": [
         *           {
         *             "charge": true,
         *             "amount": "string",
         *             "base_amount": "string",
         *             "percentage": "string",
         *             "reason": "string",
         *             "reason_code": "string",
         *             "tax_category": "string",
         *             "tax_rate": "string"
         *           }
         *         ],
         *         "tax_breakdown": [
         *           {
         *             "tax_category": "string",
         *             "tax_rate": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_exemption_reason": "string",
         *             "tax_exemption_reason_code": "string"
         *           }
         *         ],
         *         "subtotal": "string",
         *         "discount_amount": "string",
         *         "charge_amount": "string",
         *         "taxable_amount": "string",
         *         "tax_amount": "string",
         *         "tax_amount_in_accounting_currency": "string",
         *         "total_amount": "string",
         *         "amount_paid": "string",
         *         "rounding_amount": "string",
         *         "amount_due": "string",
         *         "payment": {
         *           "means_code": "string",
         *           "remittance_reference": "string",
         *           "iban": "string",
         *           "account_name": "string",
         *           "bic": "string",
         *           "terms": "string"
         *         },
         *         "attachments": [
         *           {
         *             "reference": "string",
         *             "description": "string",
         *             "external_url": "string",
         *             "file_name": "string",
         *             "media_type": "string"
         *           }
         *         ]
         *       },
         *       "original": {
         *         "file_name": "string",
         *         "media_type": "string",
         *         "size": 0,
         *         "sha256": "string",
         *         "url": "http://example.com"
         *       },
         *       "attachments": [
         *         {
         *           "id": "string",
         *           "reference": "string",
         *           "file_name": "string",
         *           "media_type": "string",
         *           "size": 0,
         *           "sha256": "string",
         *           "external_url": "string",
         *           "url": "http://example.com"
         *         }
         *       ],
         *       "received_at": "2026-11-23T10:00:00.000Z",
         *       "decided_at": "2026-11-23T10:00:00.000Z",
         *       "responses": [
         *         {
         *           "code": "AB",
         *           "status": "sent",
         *           "transmission_id": "string",
         *           "reason": "string",
         *           "at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        IncomingInvoice: {
            /**
             * @description `inc_` and a ULID
             * @example inc_01JD3M8Q5W0000000000000000
             */
            id: string;
            /** @enum {string} */
            status: "received" | "accepted" | "rejected" | "paid" | "invalid";
            status_reason: string | null;
            misaddressed: boolean;
            source: {
                /** @constant */
                channel: "upload";
            } | {
                /** @constant */
                channel: "email";
                message_id: string;
                from: string | null;
                subject: string | null;
            } | {
                /** @constant */
                channel: "peppol";
                message_id: string;
                sender: string | null;
            };
            /** @enum {string} */
            syntax: "ubl-invoice" | "ubl-credit-note" | "cii";
            /** @enum {string} */
            container: "xml" | "pdf";
            /** @enum {string} */
            profile: "en16931" | "peppol-bis-billing-3" | "xrechnung-3" | "factur-x-minimum" | "factur-x-basic-wl" | "factur-x-basic" | "factur-x-extended" | "other" | "unknown";
            specification_id: string | null;
            business_process: string | null;
            /** @enum {string} */
            document_type: "invoice" | "credit_note";
            type_code: string | null;
            number: string | null;
            issue_date: string | null;
            due_date: string | null;
            currency: string | null;
            total_amount: string | null;
            amount_due: string | null;
            seller: {
                name: string | null;
                tax_id: string | null;
                electronic_address: string | null;
            };
            buyer: {
                name: string | null;
                tax_id: string | null;
                electronic_address: string | null;
            };
            passed: boolean;
            fatal_rules: string[];
            validation: {
                passed: boolean;
                checked: ("schema" | "en16931" | "peppol" | "xrechnung")[];
                schema_errors: string[];
                fatal: {
                    id: string;
                    /** @enum {string} */
                    severity: "fatal" | "warning" | "information";
                    text: string;
                }[];
                warnings: {
                    id: string;
                    /** @enum {string} */
                    severity: "fatal" | "warning" | "information";
                    text: string;
                }[];
            } | null;
            view: components["schemas"]["IncomingView"] | null;
            original: {
                file_name: string | null;
                media_type: string;
                size: number;
                sha256: string;
                /** Format: uri */
                url: string;
            };
            attachments: {
                id: string;
                reference: string | null;
                file_name: string | null;
                media_type: string | null;
                size: number | null;
                sha256: string | null;
                external_url: string | null;
                url: string | null;
            }[];
            received_at: components["schemas"]["Timestamp"];
            decided_at: components["schemas"]["Timestamp"] | null;
            responses: components["schemas"]["InvoiceResponseSent"][];
            updated_at: components["schemas"]["Timestamp"];
        };
        /** @description What the document says (EN 16931 terms, docs/incoming-invoices.md): amounts with at least two decimals, quantities and rates trimmed, dates YYYY-MM-DD, as written where the document writes no valid value */
        IncomingView: {
            /** @enum {string} */
            document_type: "invoice" | "credit_note";
            type_code: string | null;
            number: string | null;
            issue_date: string | null;
            due_date: string | null;
            tax_point_date: string | null;
            currency: string | null;
            accounting_currency: string | null;
            notes: string[];
            buyer_reference: string | null;
            project_reference: string | null;
            contract_reference: string | null;
            purchase_order: string | null;
            sales_order: string | null;
            preceding_invoices: {
                number: string;
                issue_date: string | null;
            }[];
            seller: components["schemas"]["IncomingParty"];
            buyer: components["schemas"]["IncomingParty"];
            delivery_date: string | null;
            service_period: {
                start: string | null;
                end: string | null;
            } | null;
            line_items: {
                id: string;
                description: string | null;
                item_description: string | null;
                note: string | null;
                quantity: string;
                unit: string | null;
                unit_price: string | null;
                price_base_quantity: string | null;
                net_amount: string;
                tax_category: string | null;
                tax_rate: string | null;
                period: {
                    start: string | null;
                    end: string | null;
                } | null;
                allowances_charges: {
                    charge: boolean;
                    amount: string;
                    base_amount: string | null;
                    percentage: string | null;
                    reason: string | null;
                    reason_code: string | null;
                    tax_category: string | null;
                    tax_rate: string | null;
                }[];
            }[];
            allowances_charges: {
                charge: boolean;
                amount: string;
                base_amount: string | null;
                percentage: string | null;
                reason: string | null;
                reason_code: string | null;
                tax_category: string | null;
                tax_rate: string | null;
            }[];
            tax_breakdown: {
                tax_category: string;
                tax_rate: string | null;
                taxable_amount: string;
                tax_amount: string;
                tax_exemption_reason: string | null;
                tax_exemption_reason_code: string | null;
            }[];
            subtotal: string | null;
            discount_amount: string | null;
            charge_amount: string | null;
            taxable_amount: string | null;
            tax_amount: string | null;
            tax_amount_in_accounting_currency: string | null;
            total_amount: string | null;
            amount_paid: string | null;
            rounding_amount: string | null;
            amount_due: string | null;
            payment: {
                means_code: string | null;
                remittance_reference: string | null;
                iban: string | null;
                account_name: string | null;
                bic: string | null;
                terms: string | null;
            } | null;
            attachments: {
                reference: string;
                description: string | null;
                external_url: string | null;
                file_name: string | null;
                media_type: string | null;
            }[];
        };
        /** @description A party as the received document names it */
        IncomingParty: {
            name: string | null;
            trading_name: string | null;
            tax_id: string | null;
            tax_registration_id: string | null;
            registration_number: string | null;
            electronic_address: string | null;
            address: {
                line1: string | null;
                line2: string | null;
                line3: string | null;
                city: string | null;
                postal_code: string | null;
                state: string | null;
                country: string | null;
            } | null;
            contact: {
                name: string | null;
                phone: string | null;
                email: string | null;
            } | null;
        };
        /** @description A Peppol BIS Invoice Response sent back to the supplier of a document received over Peppol: `AB` on arrival, `AP` accepted, `RE` rejected (with the reason, or the fatal rules of an `invalid` document), `PD` paid; `sent` when the access point took it, `failed` when it refused it, `not_sent` when the document names no electronic address of its seller or no number (`reason` says which) */
        InvoiceResponseSent: {
            /** @enum {string} */
            code: "AB" | "AP" | "RE" | "PD";
            /** @enum {string} */
            status: "sent" | "failed" | "not_sent";
            transmission_id: string | null;
            reason: string | null;
            at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.invalid",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoiceInvalidEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.invalid";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.duplicate",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         },
         *         "first_id": "inc_01JD3M8Q5W0000000000000000"
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoiceDuplicateEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.duplicate";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
                /**
                 * @description `inc_` and a ULID
                 * @example inc_01JD3M8Q5W0000000000000000
                 */
                first_id: string;
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.accepted",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoiceAcceptedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.accepted";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.rejected",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoiceRejectedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.rejected";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "incoming_invoice.paid",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "inc_01JD3M8Q5W0000000000000000",
         *           "status": "received",
         *           "status_reason": "string",
         *           "misaddressed": true,
         *           "source": {
         *             "channel": "upload"
         *           },
         *           "syntax": "ubl-invoice",
         *           "container": "xml",
         *           "profile": "en16931",
         *           "specification_id": "string",
         *           "business_process": "string",
         *           "document_type": "invoice",
         *           "type_code": "string",
         *           "number": "string",
         *           "issue_date": "string",
         *           "due_date": "string",
         *           "currency": "string",
         *           "total_amount": "string",
         *           "amount_due": "string",
         *           "seller": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "tax_id": "string",
         *             "electronic_address": "string"
         *           },
         *           "passed": true,
         *           "fatal_rules": [
         *             "string"
         *           ],
         *           "validation": {
         *             "passed": true,
         *             "checked": [
         *               "schema"
         *             ],
         *             "schema_errors": [
         *               "string"
         *             ],
         *             "fatal": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ],
         *             "warnings": [
         *               {
         *                 "id": "string",
         *                 "severity": "fatal",
         *                 "text": "string"
         *               }
         *             ]
         *           },
         *           "view": {
         *             "document_type": "invoice",
         *             "type_code": "string",
         *             "number": "string",
         *             "issue_date": "string",
         *             "due_date": "string",
         *             "tax_point_date": "string",
         *             "currency": "string",
         *             "accounting_currency": "string",
         *             "notes": [
         *               "string"
         *             ],
         *             "buyer_reference": "string",
         *             "project_reference": "string",
         *             "contract_reference": "string",
         *             "purchase_order": "string",
         *             "sales_order": "string",
         *             "preceding_invoices": [
         *               {
         *                 "number": "string",
         *                 "issue_date": "string"
         *               }
         *             ],
         *             "seller": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "buyer": {
         *               "name": "string",
         *               "trading_name": "string",
         *               "tax_id": "string",
         *               "tax_registration_id": "string",
         *               "registration_number": "string",
         *               "electronic_address": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "line3": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "string"
         *               },
         *               "contact": {
         *                 "name": "string",
         *                 "phone": "string",
         *                 "email": "string"
         *               }
         *             },
         *             "delivery_date": "string",
         *             "service_period": {
         *               "start": "string",
         *               "end": "string"
         *             },
         *             "line_items": [
         *               {
         *                 "id": "string",
         *                 "description": "string",
         *                 "item_description": "string",
         *                 "note": "string",
         *                 "quantity": "string",
         *                 "unit": "string",
         *                 "unit_price": "string",
         *                 "price_base_quantity": "string",
         *                 "net_amount": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "period": {
         *                   "start": "string",
         *                   "end": "string"
         *                 },
         *                 "allowances_charges": [
         *                   {
         *                     "charge": true,
         *                     "amount": "string",
         *                     "base_amount": "string",
         *                     "percentage": "string",
         *                     "reason": "string",
         *                     "reason_code": "string",
         *                     "tax_category": "string",
         *                     "tax_rate": "string"
         *                   }
         *                 ]
         *               }
         *             ],
         *             "allowances_charges": [
         *               {
         *                 "charge": true,
         *                 "amount": "string",
         *                 "base_amount": "string",
         *                 "percentage": "string",
         *                 "reason": "string",
         *                 "reason_code": "string",
         *                 "tax_category": "string",
         *                 "tax_rate": "string"
         *               }
         *             ],
         *             "tax_breakdown": [
         *               {
         *                 "tax_category": "string",
         *                 "tax_rate": "string",
         *                 "taxable_amount": "string",
         *                 "tax_amount": "string",
         *                 "tax_exemption_reason": "string",
         *                 "tax_exemption_reason_code": "string"
         *               }
         *             ],
         *             "subtotal": "string",
         *             "discount_amount": "string",
         *             "charge_amount": "string",
         *             "taxable_amount": "string",
         *             "tax_amount": "string",
         *             "tax_amount_in_accounting_currency": "string",
         *             "total_amount": "string",
         *             "amount_paid": "string",
         *             "rounding_amount": "string",
         *             "amount_due": "string",
         *             "payment": {
         *               "means_code": "string",
         *               "remittance_reference": "string",
         *               "iban": "string",
         *               "account_name": "string",
         *               "bic": "string",
         *               "terms": "string"
         *             },
         *             "attachments": [
         *               {
         *                 "reference": "string",
         *                 "description": "string",
         *                 "external_url": "string",
         *                 "file_name": "string",
         *                 "media_type": "string"
         *               }
         *             ]
         *           },
         *           "original": {
         *             "file_name": "string",
         *             "media_type": "string",
         *             "size": 0,
         *             "sha256": "string",
         *             "url": "http://example.com"
         *           },
         *           "attachments": [
         *             {
         *               "id": "string",
         *               "reference": "string",
         *               "file_name": "string",
         *               "media_type": "string",
         *               "size": 0,
         *               "sha256": "string",
         *               "external_url": "string",
         *               "url": "http://example.com"
         *             }
         *           ],
         *           "received_at": "2026-11-23T10:00:00.000Z",
         *           "decided_at": "2026-11-23T10:00:00.000Z",
         *           "responses": [
         *             {
         *               "code": "AB",
         *               "status": "sent",
         *               "transmission_id": "string",
         *               "reason": "string",
         *               "at": "2026-11-23T10:00:00.000Z"
         *             }
         *           ],
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        IncomingInvoicePaidEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "incoming_invoice.paid";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["IncomingInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "archive_record.written",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "arc_01JD3M8Q5W0000000000000000",
         *           "document": {
         *             "type": "invoice",
         *             "id": "string",
         *             "number": "string"
         *           },
         *           "kind": "document",
         *           "format": "pdf",
         *           "reason": "issued",
         *           "sending_id": "string",
         *           "key": "string",
         *           "sha256": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
         *           "size": 0,
         *           "media_type": "string",
         *           "file_name": "string",
         *           "written_at": "2026-11-23T10:00:00.000Z",
         *           "retain_until": "2026-11-23T10:00:00.000Z",
         *           "url": "http://example.com"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ArchiveRecordWrittenEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "archive_record.written";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["ArchiveRecord"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        ArchiveRecord: {
            /**
             * @description `arc_` and a ULID
             * @example arc_01JD3M8Q5W0000000000000000
             */
            id: string;
            document: {
                /** @enum {string} */
                type: "invoice" | "credit_note" | "incoming_invoice";
                id: string;
                number: string | null;
            };
            /** @enum {string} */
            kind: "document" | "sending" | "received";
            /** @enum {string} */
            format: "pdf" | "ubl" | "cii" | "xrechnung-ubl" | "xrechnung-cii" | "peppol" | "factur-x" | "email" | "peppol-transmission" | "original";
            /** @enum {string} */
            reason: "issued" | "requested" | "sent" | "received";
            sending_id: string | null;
            key: string;
            /**
             * @description SHA-256, hex
             * @example 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
             */
            sha256: string;
            size: number;
            media_type: string;
            file_name: string;
            written_at: components["schemas"]["Timestamp"];
            retain_until: components["schemas"]["Timestamp"];
            /** Format: uri */
            url: string;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "export.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "exp_01JD3M8Q5W0000000000000000",
         *           "kind": "invoices",
         *           "format": "csv",
         *           "from": "2026-11-23",
         *           "to": "2026-11-23",
         *           "include_drafts": true,
         *           "status": "pending",
         *           "rows_done": 0,
         *           "rows_total": 0,
         *           "file_name": "string",
         *           "download_url": "http://example.com",
         *           "download_expires_at": "2026-11-23T10:00:00.000Z",
         *           "error": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "completed_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ExportCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "export.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Export"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "exp_01JD3M8Q5W0000000000000000",
         *       "kind": "invoices",
         *       "format": "csv",
         *       "from": "2026-11-23",
         *       "to": "2026-11-23",
         *       "include_drafts": true,
         *       "status": "pending",
         *       "rows_done": 0,
         *       "rows_total": 0,
         *       "file_name": "string",
         *       "download_url": "http://example.com",
         *       "download_expires_at": "2026-11-23T10:00:00.000Z",
         *       "error": "string",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "completed_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Export: {
            /**
             * @description `exp_` and a ULID
             * @example exp_01JD3M8Q5W0000000000000000
             */
            id: string;
            /** @enum {string} */
            kind: "invoices" | "credit_notes" | "payments" | "clients" | "archive";
            /** @enum {string} */
            format: "csv" | "datev" | "zip";
            from: components["schemas"]["CalendarDate"];
            to: components["schemas"]["CalendarDate"];
            include_drafts: boolean;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed";
            rows_done: number;
            rows_total: number | null;
            file_name: string | null;
            download_url: string | null;
            download_expires_at: components["schemas"]["Timestamp"] | null;
            error: string | null;
            created_at: components["schemas"]["Timestamp"];
            completed_at: components["schemas"]["Timestamp"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "export.completed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "exp_01JD3M8Q5W0000000000000000",
         *           "kind": "invoices",
         *           "format": "csv",
         *           "from": "2026-11-23",
         *           "to": "2026-11-23",
         *           "include_drafts": true,
         *           "status": "pending",
         *           "rows_done": 0,
         *           "rows_total": 0,
         *           "file_name": "string",
         *           "download_url": "http://example.com",
         *           "download_expires_at": "2026-11-23T10:00:00.000Z",
         *           "error": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "completed_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ExportCompletedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "export.completed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Export"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "export.failed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "exp_01JD3M8Q5W0000000000000000",
         *           "kind": "invoices",
         *           "format": "csv",
         *           "from": "2026-11-23",
         *           "to": "2026-11-23",
         *           "include_drafts": true,
         *           "status": "pending",
         *           "rows_done": 0,
         *           "rows_total": 0,
         *           "file_name": "string",
         *           "download_url": "http://example.com",
         *           "download_expires_at": "2026-11-23T10:00:00.000Z",
         *           "error": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "completed_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ExportFailedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "export.failed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Export"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "recurring_invoice.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RecurringInvoiceCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recurring_invoice.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["RecurringInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "rec_01JD3M8Q5W0000000000000000",
         *       "client": "cli_01JD3M8Q5W0000000000000000",
         *       "frequency": "weekly",
         *       "interval": 0,
         *       "start_date": "2026-11-23",
         *       "end_date": "2026-11-23",
         *       "max_count": 0,
         *       "day_of_month": 0,
         *       "due_in_days": 0,
         *       "currency": "EUR",
         *       "line_items": [
         *         {
         *           "description": "string",
         *           "quantity": 0,
         *           "unit_price": "string",
         *           "tax_rate": "19",
         *           "unit": "string",
         *           "tax_category": "S",
         *           "tax_exemption_reason": "string",
         *           "discount": {
         *             "percent": "10"
         *           }
         *         }
         *       ],
         *       "notes": "string",
         *       "terms": "string",
         *       "buyer_reference": "string",
         *       "purchase_order": "string",
         *       "auto_send": true,
         *       "send_to": "string",
         *       "status": "active",
         *       "next_run_date": "2026-11-23",
         *       "last_run_date": "2026-11-23",
         *       "generated_count": 0,
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        RecurringInvoice: {
            /**
             * @description `rec_` and a ULID
             * @example rec_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description `cli_` and a ULID
             * @example cli_01JD3M8Q5W0000000000000000
             */
            client: string;
            /** @enum {string} */
            frequency: "weekly" | "monthly" | "quarterly" | "yearly";
            interval: number;
            start_date: components["schemas"]["CalendarDate"];
            end_date: components["schemas"]["CalendarDate"] | null;
            max_count: number | null;
            day_of_month: number | null;
            due_in_days: number;
            currency: components["schemas"]["Currency"] | null;
            line_items: {
                description: string;
                quantity: number;
                unit_price: string;
                /**
                 * @description VAT rate in percent
                 * @example 19
                 * @example 7.7
                 */
                tax_rate: string;
                unit?: string;
                tax_category?: components["schemas"]["TaxCategory"];
                tax_exemption_reason?: string;
                discount?: components["schemas"]["Discount"];
            }[];
            notes: string;
            terms: string;
            buyer_reference: string | null;
            purchase_order: string | null;
            auto_send: boolean;
            send_to: string | null;
            /** @enum {string} */
            status: "active" | "paused" | "ended";
            next_run_date: components["schemas"]["CalendarDate"] | null;
            last_run_date: components["schemas"]["CalendarDate"] | null;
            generated_count: number;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "recurring_invoice.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RecurringInvoiceUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recurring_invoice.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["RecurringInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "recurring_invoice.paused",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RecurringInvoicePausedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recurring_invoice.paused";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["RecurringInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "recurring_invoice.resumed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RecurringInvoiceResumedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recurring_invoice.resumed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["RecurringInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "recurring_invoice.ended",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        RecurringInvoiceEndedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "recurring_invoice.ended";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["RecurringInvoice"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "member.added",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "user_id": "usr_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "joined_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        MemberAddedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "member.added";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Member"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "user_id": "usr_01JD3M8Q5W0000000000000000",
         *       "email": "string",
         *       "role": "owner",
         *       "joined_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Member: {
            /**
             * @description `usr_` and a ULID
             * @example usr_01JD3M8Q5W0000000000000000
             */
            user_id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            joined_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "member.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "user_id": "usr_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "joined_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        MemberUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "member.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Member"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "member.removed",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "user_id": "usr_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "joined_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        MemberRemovedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "member.removed";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Member"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invitation.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "ivt_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "status": "pending",
         *           "invited_by": "usr_01JD3M8Q5W0000000000000000",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvitationCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invitation.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invitation"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "ivt_01JD3M8Q5W0000000000000000",
         *       "email": "string",
         *       "role": "owner",
         *       "status": "pending",
         *       "invited_by": "usr_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "expires_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Invitation: {
            /**
             * @description `ivt_` and a ULID
             * @example ivt_01JD3M8Q5W0000000000000000
             */
            id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked";
            /**
             * @description `usr_` and a ULID
             * @example usr_01JD3M8Q5W0000000000000000
             */
            invited_by: string;
            created_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "invitation.revoked",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "ivt_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "status": "pending",
         *           "invited_by": "usr_01JD3M8Q5W0000000000000000",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        InvitationRevokedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "invitation.revoked";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Invitation"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "api_key.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "key_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "prefix": "string",
         *           "hint": "string",
         *           "scopes": [
         *             "organization:read"
         *           ],
         *           "status": "active",
         *           "created_by": "string",
         *           "created_by_role": "owner",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z",
         *           "last_used_at": "2026-11-23T10:00:00.000Z",
         *           "usage": [
         *             {
         *               "date": "string",
         *               "requests": 0
         *             }
         *           ]
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ApiKeyCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "api_key.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["ApiKey"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "key_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "prefix": "string",
         *       "hint": "string",
         *       "scopes": [
         *         "organization:read"
         *       ],
         *       "status": "active",
         *       "created_by": "string",
         *       "created_by_role": "owner",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "expires_at": "2026-11-23T10:00:00.000Z",
         *       "last_used_at": "2026-11-23T10:00:00.000Z",
         *       "usage": [
         *         {
         *           "date": "string",
         *           "requests": 0
         *         }
         *       ]
         *     }
         */
        ApiKey: {
            /**
             * @description `key_` and a ULID
             * @example key_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            prefix: string;
            hint: string;
            scopes: ("organization:read" | "organization:write" | "clients:read" | "clients:write" | "invoices:read" | "invoices:write" | "invoices:send" | "payments:write" | "credit_notes:read" | "credit_notes:write" | "quotes:read" | "quotes:write" | "incoming_invoices:read" | "incoming_invoices:write" | "events:read" | "recurring:read" | "recurring:write" | "reports:read" | "webhooks:read" | "webhooks:write" | "api_keys:manage" | "members:manage" | "audit_log:read")[];
            /** @enum {string} */
            status: "active" | "disabled" | "revoked" | "expired";
            created_by: string;
            created_by_role: ("owner" | "admin" | "member") | null;
            created_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"] | null;
            last_used_at: components["schemas"]["Timestamp"] | null;
            usage: {
                date: string;
                requests: number;
            }[];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "api_key.disabled",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "key_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "prefix": "string",
         *           "hint": "string",
         *           "scopes": [
         *             "organization:read"
         *           ],
         *           "status": "active",
         *           "created_by": "string",
         *           "created_by_role": "owner",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z",
         *           "last_used_at": "2026-11-23T10:00:00.000Z",
         *           "usage": [
         *             {
         *               "date": "string",
         *               "requests": 0
         *             }
         *           ]
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ApiKeyDisabledEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "api_key.disabled";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["ApiKey"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "api_key.enabled",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "key_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "prefix": "string",
         *           "hint": "string",
         *           "scopes": [
         *             "organization:read"
         *           ],
         *           "status": "active",
         *           "created_by": "string",
         *           "created_by_role": "owner",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z",
         *           "last_used_at": "2026-11-23T10:00:00.000Z",
         *           "usage": [
         *             {
         *               "date": "string",
         *               "requests": 0
         *             }
         *           ]
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ApiKeyEnabledEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "api_key.enabled";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["ApiKey"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "api_key.revoked",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "key_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "prefix": "string",
         *           "hint": "string",
         *           "scopes": [
         *             "organization:read"
         *           ],
         *           "status": "active",
         *           "created_by": "string",
         *           "created_by_role": "owner",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z",
         *           "last_used_at": "2026-11-23T10:00:00.000Z",
         *           "usage": [
         *             {
         *               "date": "string",
         *               "requests": 0
         *             }
         *           ]
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        ApiKeyRevokedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "api_key.revoked";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["ApiKey"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "email_suppression.deleted",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "address": "string",
         *           "reason": "bounce",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "document": {
         *             "kind": "invoice",
         *             "id": "string"
         *           }
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        EmailSuppressionDeletedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "email_suppression.deleted";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["EmailSuppression"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /** @description An address the organization no longer mails: it bounced hard or complained */
        EmailSuppression: {
            address: string;
            /** @enum {string} */
            reason: "bounce" | "complaint";
            created_at: components["schemas"]["Timestamp"];
            message_id: string;
            document: {
                /** @enum {string} */
                kind: "invoice" | "credit_note" | "quote";
                id: string;
            };
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "webhook.created",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        WebhookCreatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.created";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Webhook"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "whk_01JD3M8Q5W0000000000000000",
         *       "url": "http://example.com",
         *       "events": [
         *         "string"
         *       ],
         *       "status": "enabled",
         *       "disabled_reason": "string",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        Webhook: {
            /**
             * @description `whk_` and a ULID
             * @example whk_01JD3M8Q5W0000000000000000
             */
            id: string;
            /** Format: uri */
            url: string;
            events: string[];
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabled_reason: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "webhook.updated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        WebhookUpdatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.updated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Webhook"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "webhook.secret_rotated",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        WebhookSecretRotatedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.secret_rotated";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Webhook"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "webhook.deleted",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        WebhookDeletedEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.deleted";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Webhook"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "webhook.disabled",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        WebhookDisabledEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook.disabled";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: components["schemas"]["Webhook"];
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "ping",
         *       "organization_id": "org_01JD3M8Q5W0000000000000000",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "data": {
         *         "object": {
         *           "webhook_id": "whk_01JD3M8Q5W0000000000000000",
         *           "message": "string"
         *         }
         *       },
         *       "actor": {
         *         "type": "user",
         *         "id": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        PingEvent: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "ping";
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            organization_id: string;
            created_at: components["schemas"]["Timestamp"];
            data: {
                object: {
                    /**
                     * @description `whk_` and a ULID
                     * @example whk_01JD3M8Q5W0000000000000000
                     */
                    webhook_id: string;
                    message: string;
                };
            };
            actor: components["schemas"]["Actor"] | null;
        };
        /**
         * @description This document
         * @example {
         *       "openapi": "3.1.0",
         *       "info": {
         *         "title": "string",
         *         "version": "string",
         *         "property1": null,
         *         "property2": null
         *       },
         *       "paths": {
         *         "property1": null,
         *         "property2": null
         *       },
         *       "property1": null,
         *       "property2": null
         *     }
         */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: {
                title: string;
                version: string;
            } & {
                [key: string]: unknown;
            };
            paths: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "access": "string",
         *       "refresh": "string",
         *       "access_expires": 0,
         *       "organization": {
         *         "id": "org_01JD3M8Q5W0000000000000000",
         *         "name": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        TokenSet: {
            /** @description A JWT, sent as `Authorization: Bearer` */
            access: string;
            /** @description Exchanged at the refresh route; kept secret */
            refresh: string;
            /** @description Seconds the access token is valid for */
            access_expires: number;
            organization: {
                /**
                 * @description `org_` and a ULID
                 * @example org_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
                /** @enum {string} */
                role: "owner" | "admin" | "member";
            };
        };
        /**
         * @example {
         *       "access": "string",
         *       "access_expires": 0
         *     }
         */
        RefreshedAccess: {
            /** @description A JWT, sent as `Authorization: Bearer` */
            access: string;
            /** @description Seconds the access token is valid for */
            access_expires: number;
        };
        /**
         * @example {
         *       "keys": [
         *         {
         *           "kty": "string",
         *           "kid": "string",
         *           "alg": "string",
         *           "property1": null,
         *           "property2": null
         *         }
         *       ]
         *     }
         */
        JsonWebKeySet: {
            keys: ({
                kty: string;
                kid?: string;
                alg?: string;
            } & {
                [key: string]: unknown;
            })[];
        };
        /**
         * @description Every organization the user belongs to; `is_active` marks the one the token is for
         * @example [
         *       {
         *         "id": "org_01JD3M8Q5W0000000000000000",
         *         "name": "string",
         *         "role": "owner",
         *         "is_active": true
         *       }
         *     ]
         */
        MyOrganizations: {
            /**
             * @description `org_` and a ULID
             * @example org_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            is_active: boolean;
        }[];
        /**
         * @example {
         *       "results": [
         *         {
         *           "user_id": "usr_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "joined_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        MemberList: {
            results: components["schemas"]["Member"][];
            next: string | null;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "ivt_01JD3M8Q5W0000000000000000",
         *           "email": "string",
         *           "role": "owner",
         *           "status": "pending",
         *           "invited_by": "usr_01JD3M8Q5W0000000000000000",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        InvitationList: {
            results: components["schemas"]["Invitation"][];
            next: string | null;
        };
        /**
         * @example {
         *       "organization": {
         *         "id": "org_01JD3M8Q5W0000000000000000",
         *         "name": "string",
         *         "role": "owner"
         *       }
         *     }
         */
        AcceptedInvitation: {
            organization: {
                /**
                 * @description `org_` and a ULID
                 * @example org_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
                /** @enum {string} */
                role: "owner" | "admin" | "member";
            };
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "seq": 0,
         *           "event_id": "evt_01JD3M8Q5W0000000000000000",
         *           "at": "2026-11-23T10:00:00.000Z",
         *           "occurred_at": "2026-11-23T10:00:00.000Z",
         *           "action": "string",
         *           "actor": {
         *             "type": "user",
         *             "id": "string",
         *             "role": "owner"
         *           },
         *           "resource": {
         *             "type": "string",
         *             "id": "string"
         *           },
         *           "sha256": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
         *           "prev_hash": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
         *           "hash": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        AuditEntryPage: {
            results: components["schemas"]["AuditEntry"][];
            next: string | null;
        };
        AuditEntry: {
            seq: number;
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            event_id: string;
            at: components["schemas"]["Timestamp"];
            occurred_at: components["schemas"]["Timestamp"];
            action: string;
            actor: components["schemas"]["Actor"] | null;
            resource: {
                type: string;
                id: string | null;
            };
            /**
             * @description SHA-256, hex
             * @example 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
             */
            sha256?: string;
            /**
             * @description SHA-256, hex
             * @example 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
             */
            prev_hash: string;
            /**
             * @description SHA-256, hex
             * @example 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8
             */
            hash: string;
        };
        /**
         * @description `ok`, or the first entry where the chain breaks and why
         * @example {
         *       "status": "ok",
         *       "entries": 0,
         *       "first_seq": 0,
         *       "last_seq": 0
         *     }
         */
        AuditChainCheck: {
            /** @constant */
            status: "ok";
            entries: number;
            first_seq: number | null;
            last_seq: number | null;
        } | {
            /** @constant */
            status: "broken";
            entries: number;
            seq: number;
            event_id: string | null;
            reason: string;
        };
        /**
         * @example {
         *       "id": "key_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "prefix": "string",
         *       "hint": "string",
         *       "scopes": [
         *         "organization:read"
         *       ],
         *       "status": "active",
         *       "created_by": "string",
         *       "created_by_role": "owner",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "expires_at": "2026-11-23T10:00:00.000Z",
         *       "last_used_at": "2026-11-23T10:00:00.000Z",
         *       "usage": [
         *         {
         *           "date": "string",
         *           "requests": 0
         *         }
         *       ],
         *       "secret": "inv_live_3Wq8kT2vN9xR4mB7cY1zL5pH6jD0fG"
         *     }
         */
        ApiKeyWithSecret: {
            /**
             * @description `key_` and a ULID
             * @example key_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            prefix: string;
            hint: string;
            scopes: ("organization:read" | "organization:write" | "clients:read" | "clients:write" | "invoices:read" | "invoices:write" | "invoices:send" | "payments:write" | "credit_notes:read" | "credit_notes:write" | "quotes:read" | "quotes:write" | "incoming_invoices:read" | "incoming_invoices:write" | "events:read" | "recurring:read" | "recurring:write" | "reports:read" | "webhooks:read" | "webhooks:write" | "api_keys:manage" | "members:manage" | "audit_log:read")[];
            /** @enum {string} */
            status: "active" | "disabled" | "revoked" | "expired";
            created_by: string;
            created_by_role: ("owner" | "admin" | "member") | null;
            created_at: components["schemas"]["Timestamp"];
            expires_at: components["schemas"]["Timestamp"] | null;
            last_used_at: components["schemas"]["Timestamp"] | null;
            usage: {
                date: string;
                requests: number;
            }[];
            /**
             * Format: starts_with
             * @example inv_live_3Wq8kT2vN9xR4mB7cY1zL5pH6jD0fG
             */
            secret: string;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "key_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "prefix": "string",
         *           "hint": "string",
         *           "scopes": [
         *             "organization:read"
         *           ],
         *           "status": "active",
         *           "created_by": "string",
         *           "created_by_role": "owner",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "expires_at": "2026-11-23T10:00:00.000Z",
         *           "last_used_at": "2026-11-23T10:00:00.000Z",
         *           "usage": [
         *             {
         *               "date": "string",
         *               "requests": 0
         *             }
         *           ]
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        ApiKeyList: {
            results: components["schemas"]["ApiKey"][];
            next: string | null;
        };
        /**
         * @example {
         *       "id": "cli_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "email": "string",
         *       "is_active": true,
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        CreatedClient: {
            /**
             * @description `cli_` and a ULID
             * @example cli_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            email: string;
            is_active: boolean;
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string",
         *           "locale": "string",
         *           "reminders": "on",
         *           "business": true,
         *           "is_active": true,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        ClientPage: {
            results: components["schemas"]["Client"][];
            next: string | null;
        };
        /**
         * @description `peppol.reachable`: whether the last lookup of `peppol_id` found it receiving invoices (null: never looked up, or no id); `peppol.candidate`: the participant id the VAT number suggests where there is no `peppol_id`, to look up and set, never used to send
         * @example {
         *       "id": "cli_01JD3M8Q5W0000000000000000",
         *       "name": "string",
         *       "email": "string",
         *       "phone": "string",
         *       "address": "string",
         *       "city": "string",
         *       "state": "string",
         *       "postal_code": "string",
         *       "country": "string",
         *       "tax_id": "string",
         *       "peppol_id": "string",
         *       "locale": "string",
         *       "reminders": "on",
         *       "business": true,
         *       "is_active": true,
         *       "metadata": {
         *         "order_id": "6735"
         *       },
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z",
         *       "peppol": {
         *         "reachable": true,
         *         "checked_at": "2026-11-23T10:00:00.000Z",
         *         "candidate": "string"
         *       }
         *     }
         */
        ClientDetail: {
            /**
             * @description `cli_` and a ULID
             * @example cli_01JD3M8Q5W0000000000000000
             */
            id: string;
            name: string;
            email: string;
            phone: string | null;
            address: string | null;
            city: string | null;
            state: string | null;
            postal_code: string | null;
            country: string | null;
            tax_id: string | null;
            /** @description Electronic address (EN 16931 BT-34/BT-49), `scheme:value` */
            peppol_id: string | null;
            locale: string | null;
            /** @enum {string} */
            reminders: "on" | "off";
            business: boolean;
            is_active: boolean;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            peppol: {
                reachable: boolean | null;
                checked_at: components["schemas"]["Timestamp"] | null;
                candidate: string | null;
            };
        };
        /**
         * @description A client statement of account: a running balance per currency and the open amounts by age
         * @example {
         *       "client": {
         *         "id": "cli_01JD3M8Q5W0000000000000000",
         *         "name": "string"
         *       },
         *       "from": "string",
         *       "to": "string",
         *       "currencies": [
         *         {
         *           "currency": "string",
         *           "opening_balance": "string",
         *           "entries": [
         *             {
         *               "date": "string",
         *               "type": "invoice",
         *               "document_id": "string",
         *               "number": "string",
         *               "invoice_id": "inv_01JD3M8Q5W0000000000000000",
         *               "amount": "string",
         *               "balance": "string"
         *             }
         *           ],
         *           "closing_balance": "string",
         *           "ageing": {
         *             "current": "string",
         *             "days_1_30": "string",
         *             "days_31_60": "string",
         *             "days_61_90": "string",
         *             "over_90": "string"
         *           }
         *         }
         *       ]
         *     }
         */
        Statement: {
            client: {
                /**
                 * @description `cli_` and a ULID
                 * @example cli_01JD3M8Q5W0000000000000000
                 */
                id: string;
                name: string;
            };
            from: string | null;
            to: string;
            currencies: {
                currency: string;
                opening_balance: string;
                entries: {
                    date: string;
                    /** @enum {string} */
                    type: "invoice" | "late_fee" | "credit_note" | "payment" | "refund";
                    document_id: string;
                    number: string;
                    /**
                     * @description `inv_` and a ULID
                     * @example inv_01JD3M8Q5W0000000000000000
                     */
                    invoice_id: string;
                    amount: string;
                    balance: string;
                }[];
                closing_balance: string;
                ageing: {
                    current: string;
                    days_1_30: string;
                    days_31_60: string;
                    days_61_90: string;
                    over_90: string;
                };
            }[];
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "due_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "supply_date": "2026-11-23",
         *           "service_period": {
         *             "start": "2026-11-23",
         *             "end": "2026-11-23"
         *           },
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "payment_reference": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_paid": "1190.00",
         *           "amount_credited": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "amount_due": "1190.00",
         *           "amount_refundable": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "voided_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "reminder": true,
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "reminders_paused": true,
         *           "preceding_invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23"
         *           },
         *           "late_fee_through": "2026-11-23",
         *           "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *           "quote": {
         *             "id": "quo_01JD3M8Q5W0000000000000000",
         *             "quote_number": "string",
         *             "kind": "deposit"
         *           },
         *           "deducted_by": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "invoice_number": "string"
         *           },
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        InvoicePage: {
            results: components["schemas"]["Invoice"][];
            next: string | null;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "number": "string",
         *           "sequence": 0,
         *           "series": "string",
         *           "reason": "string",
         *           "voided_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        VoidedNumberList: {
            results: components["schemas"]["VoidedNumber"][];
            next: string | null;
        };
        VoidedNumber: {
            number: string;
            sequence: number;
            series: string;
            reason: string;
            voided_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "message": "string",
         *       "sent_to": "string",
         *       "sent_at": "2026-11-23T10:00:00.000Z",
         *       "channel": "email",
         *       "sending": {
         *         "id": "string",
         *         "channel": "peppol",
         *         "to": "string",
         *         "status": "queued",
         *         "status_at": "2019-08-24T14:15:22Z",
         *         "transmission_id": "string",
         *         "sha256": "string",
         *         "reason": "string"
         *       }
         *     }
         */
        DocumentSendResult: {
            message: string;
            sent_to: string;
            sent_at: components["schemas"]["Timestamp"];
            /** @enum {string} */
            channel: "email" | "peppol";
            sending: components["schemas"]["PeppolSending"] | null;
        };
        /**
         * @example {
         *       "url": "http://example.com",
         *       "provider": "stripe",
         *       "amount": "1190.00",
         *       "currency": "EUR",
         *       "expires_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        PaymentLink: {
            /** Format: uri */
            url: string;
            /** @enum {string} */
            provider: "stripe" | "sandbox";
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            expires_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "id": "pay_01JD3M8Q5W0000000000000000",
         *       "invoice": {
         *         "id": "inv_01JD3M8Q5W0000000000000000",
         *         "invoice_number": "string",
         *         "status": "draft",
         *         "client": {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string"
         *         },
         *         "seller": {
         *           "name": "string",
         *           "address": {
         *             "line1": "string",
         *             "line2": "string",
         *             "city": "string",
         *             "postal_code": "string",
         *             "state": "string",
         *             "country": "DE"
         *           },
         *           "tax_id": "string",
         *           "registration_number": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "website": "string",
         *           "payment_instructions": {
         *             "iban": "string",
         *             "bic": "string",
         *             "account_name": "string",
         *             "text": "string"
         *           },
         *           "peppol_id": "string"
         *         },
         *         "buyer": {
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string"
         *         },
         *         "issue_date": "2026-11-23",
         *         "due_date": "2026-11-23",
         *         "currency": "EUR",
         *         "locale": "string",
         *         "supply_date": "2026-11-23",
         *         "service_period": {
         *           "start": "2026-11-23",
         *           "end": "2026-11-23"
         *         },
         *         "buyer_reference": "string",
         *         "purchase_order": "string",
         *         "payment_reference": "string",
         *         "line_items": [
         *           {
         *             "description": "string",
         *             "quantity": 0,
         *             "unit": "C62",
         *             "unit_price": "100.00",
         *             "discount": {
         *               "percent": "10"
         *             },
         *             "discount_amount": "1190.00",
         *             "net_amount": "1190.00",
         *             "tax_category": "S",
         *             "tax_rate": "19",
         *             "tax_exemption_reason": "string",
         *             "tax_amount": "1190.00",
         *             "total": "1190.00"
         *           }
         *         ],
         *         "discount": {
         *           "percent": "10"
         *         },
         *         "prices_include_tax": true,
         *         "tax_rounding": "per_line",
         *         "subtotal": "1190.00",
         *         "discount_amount": "1190.00",
         *         "taxable_amount": "1190.00",
         *         "tax_amount": "1190.00",
         *         "tax_breakdown": [
         *           {
         *             "tax_category": "S",
         *             "tax_rate": "19",
         *             "taxable_amount": "1190.00",
         *             "tax_amount": "1190.00",
         *             "tax_exemption_reason": "string",
         *             "tax_amount_in_accounting_currency": "1190.00"
         *           }
         *         ],
         *         "accounting_currency": "EUR",
         *         "exchange_rate": {
         *           "rate": "string",
         *           "from": "EUR",
         *           "to": "EUR",
         *           "date": "2026-11-23",
         *           "source": "manual",
         *           "legs": [
         *             {
         *               "rate": "string",
         *               "from": "EUR",
         *               "to": "EUR"
         *             },
         *             {
         *               "rate": "string",
         *               "from": "EUR",
         *               "to": "EUR"
         *             }
         *           ]
         *         },
         *         "tax_total_in_accounting_currency": "1190.00",
         *         "total_amount": "1190.00",
         *         "amount_paid": "1190.00",
         *         "amount_credited": "1190.00",
         *         "amount_refunded": "1190.00",
         *         "amount_due": "1190.00",
         *         "amount_refundable": "1190.00",
         *         "notes": "string",
         *         "terms": "string",
         *         "public_url": "http://example.com",
         *         "pdf_url": "http://example.com",
         *         "sent_at": "2026-11-23T10:00:00.000Z",
         *         "paid_at": "2026-11-23T10:00:00.000Z",
         *         "voided_at": "2026-11-23T10:00:00.000Z",
         *         "sendings": [
         *           {
         *             "channel": "email",
         *             "to": "string",
         *             "sent_at": "2026-11-23T10:00:00.000Z",
         *             "message_id": "string",
         *             "reminder": true,
         *             "delivery_status": "sent",
         *             "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *             "bounce_type": "permanent"
         *           }
         *         ],
         *         "reminders_paused": true,
         *         "preceding_invoice": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "number": "string",
         *           "issue_date": "2026-11-23"
         *         },
         *         "late_fee_through": "2026-11-23",
         *         "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *         "quote": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "kind": "deposit"
         *         },
         *         "deducted_by": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string"
         *         },
         *         "metadata": {
         *           "order_id": "6735"
         *         },
         *         "created_at": "2026-11-23T10:00:00.000Z",
         *         "updated_at": "2026-11-23T10:00:00.000Z"
         *       },
         *       "amount": "1190.00",
         *       "currency": "EUR",
         *       "paid_at": "2026-11-23T10:00:00.000Z",
         *       "method": "string",
         *       "reference": "string",
         *       "provider": "manual",
         *       "created_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        RecordedPayment: {
            /**
             * @description `pay_` and a ULID
             * @example pay_01JD3M8Q5W0000000000000000
             */
            id: string;
            invoice: components["schemas"]["Invoice"];
            amount: components["schemas"]["Money"];
            currency: components["schemas"]["Currency"];
            paid_at: components["schemas"]["Timestamp"];
            method: string;
            reference: string | null;
            /** @enum {string} */
            provider: "manual" | "stripe" | "sandbox";
            created_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "pay_01JD3M8Q5W0000000000000000",
         *           "invoice": "inv_01JD3M8Q5W0000000000000000",
         *           "amount": "1190.00",
         *           "currency": "EUR",
         *           "paid_at": "2026-11-23T10:00:00.000Z",
         *           "method": "string",
         *           "reference": "string",
         *           "provider": "manual",
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        PaymentList: {
            results: components["schemas"]["Payment"][];
            next: string | null;
        };
        /**
         * @example {
         *       "message": "string",
         *       "sent_to": "string",
         *       "sent_at": "2026-11-23T10:00:00.000Z"
         *     }
         */
        SendResult: {
            message: string;
            sent_to: string;
            sent_at: components["schemas"]["Timestamp"];
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "step": 0,
         *           "offset_days": 0,
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "to": "string",
         *           "delivery_status": "sent",
         *           "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *           "bounce_type": "permanent"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        ReminderList: {
            results: components["schemas"]["Reminder"][];
            next: string | null;
        };
        /** @description One reminder of an invoice: a step of the schedule (1-based), or null when sent by hand */
        Reminder: {
            step: number | null;
            offset_days: number | null;
            sent_at: components["schemas"]["Timestamp"];
            to: string;
            delivery_status: components["schemas"]["DeliveryStatus"];
            delivery_status_at: components["schemas"]["Timestamp"];
            bounce_type: ("permanent" | "transient" | "undetermined") | null;
        };
        /**
         * @description The late-fee invoice and how it was computed: interest per period of one base and rate
         * @example {
         *       "invoice": {
         *         "id": "inv_01JD3M8Q5W0000000000000000",
         *         "invoice_number": "string",
         *         "status": "draft",
         *         "client": {
         *           "id": "cli_01JD3M8Q5W0000000000000000",
         *           "name": "string"
         *         },
         *         "seller": {
         *           "name": "string",
         *           "address": {
         *             "line1": "string",
         *             "line2": "string",
         *             "city": "string",
         *             "postal_code": "string",
         *             "state": "string",
         *             "country": "DE"
         *           },
         *           "tax_id": "string",
         *           "registration_number": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "website": "string",
         *           "payment_instructions": {
         *             "iban": "string",
         *             "bic": "string",
         *             "account_name": "string",
         *             "text": "string"
         *           },
         *           "peppol_id": "string"
         *         },
         *         "buyer": {
         *           "name": "string",
         *           "email": "string",
         *           "phone": "string",
         *           "address": "string",
         *           "city": "string",
         *           "state": "string",
         *           "postal_code": "string",
         *           "country": "string",
         *           "tax_id": "string",
         *           "peppol_id": "string"
         *         },
         *         "issue_date": "2026-11-23",
         *         "due_date": "2026-11-23",
         *         "currency": "EUR",
         *         "locale": "string",
         *         "supply_date": "2026-11-23",
         *         "service_period": {
         *           "start": "2026-11-23",
         *           "end": "2026-11-23"
         *         },
         *         "buyer_reference": "string",
         *         "purchase_order": "string",
         *         "payment_reference": "string",
         *         "line_items": [
         *           {
         *             "description": "string",
         *             "quantity": 0,
         *             "unit": "C62",
         *             "unit_price": "100.00",
         *             "discount": {
         *               "percent": "10"
         *             },
         *             "discount_amount": "1190.00",
         *             "net_amount": "1190.00",
         *             "tax_category": "S",
         *             "tax_rate": "19",
         *             "tax_exemption_reason": "string",
         *             "tax_amount": "1190.00",
         *             "total": "1190.00"
         *           }
         *         ],
         *         "discount": {
         *           "percent": "10"
         *         },
         *         "prices_include_tax": true,
         *         "tax_rounding": "per_line",
         *         "subtotal": "1190.00",
         *         "discount_amount": "1190.00",
         *         "taxable_amount": "1190.00",
         *         "tax_amount": "1190.00",
         *         "tax_breakdown": [
         *           {
         *             "tax_category": "S",
         *             "tax_rate": "19",
         *             "taxable_amount": "1190.00",
         *             "tax_amount": "1190.00",
         *             "tax_exemption_reason": "string",
         *             "tax_amount_in_accounting_currency": "1190.00"
         *           }
         *         ],
         *         "accounting_currency": "EUR",
         *         "exchange_rate": {
         *           "rate": "string",
         *           "from": "EUR",
         *           "to": "EUR",
         *           "date": "2026-11-23",
         *           "source": "manual",
         *           "legs": [
         *             {
         *               "rate": "string",
         *               "from": "EUR",
         *               "to": "EUR"
         *             },
         *             {
         *               "rate": "string",
         *               "from": "EUR",
         *               "to": "EUR"
         *             }
         *           ]
         *         },
         *         "tax_total_in_accounting_currency": "1190.00",
         *         "total_amount": "1190.00",
         *         "amount_paid": "1190.00",
         *         "amount_credited": "1190.00",
         *         "amount_refunded": "1190.00",
         *         "amount_due": "1190.00",
         *         "amount_refundable": "1190.00",
         *         "notes": "string",
         *         "terms": "string",
         *         "public_url": "http://example.com",
         *         "pdf_url": "http://example.com",
         *         "sent_at": "2026-11-23T10:00:00.000Z",
         *         "paid_at": "2026-11-23T10:00:00.000Z",
         *         "voided_at": "2026-11-23T10:00:00.000Z",
         *         "sendings": [
         *           {
         *             "channel": "email",
         *             "to": "string",
         *             "sent_at": "2026-11-23T10:00:00.000Z",
         *             "message_id": "string",
         *             "reminder": true,
         *             "delivery_status": "sent",
         *             "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *             "bounce_type": "permanent"
         *           }
         *         ],
         *         "reminders_paused": true,
         *         "preceding_invoice": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "number": "string",
         *           "issue_date": "2026-11-23"
         *         },
         *         "late_fee_through": "2026-11-23",
         *         "recurring_invoice": "rec_01JD3M8Q5W0000000000000000",
         *         "quote": {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "kind": "deposit"
         *         },
         *         "deducted_by": {
         *           "id": "inv_01JD3M8Q5W0000000000000000",
         *           "invoice_number": "string"
         *         },
         *         "metadata": {
         *           "order_id": "6735"
         *         },
         *         "created_at": "2026-11-23T10:00:00.000Z",
         *         "updated_at": "2026-11-23T10:00:00.000Z"
         *       },
         *       "breakdown": {
         *         "as_of": "2026-11-23",
         *         "rows": [
         *           {
         *             "from": "2026-11-23",
         *             "to": "2026-11-23",
         *             "days": 0,
         *             "base": "1190.00",
         *             "rate": "string",
         *             "interest": "1190.00"
         *           }
         *         ],
         *         "interest": "1190.00",
         *         "compensation": "1190.00",
         *         "total": "1190.00"
         *       }
         *     }
         */
        LateFee: {
            invoice: components["schemas"]["Invoice"];
            breakdown: {
                as_of: components["schemas"]["CalendarDate"];
                rows: {
                    from: components["schemas"]["CalendarDate"];
                    to: components["schemas"]["CalendarDate"];
                    days: number;
                    base: components["schemas"]["Money"];
                    rate: string;
                    interest: components["schemas"]["Money"];
                }[];
                interest: components["schemas"]["Money"];
                compensation: components["schemas"]["Money"];
                total: components["schemas"]["Money"];
            };
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "quo_01JD3M8Q5W0000000000000000",
         *           "quote_number": "string",
         *           "status": "draft",
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "expiry_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "C62",
         *               "unit_price": "100.00",
         *               "discount": {
         *                 "percent": "10"
         *               },
         *               "discount_amount": "1190.00",
         *               "net_amount": "1190.00",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "tax_exemption_reason": "string",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "discount": {
         *             "percent": "10"
         *           },
         *           "prices_include_tax": true,
         *           "tax_rounding": "per_line",
         *           "subtotal": "1190.00",
         *           "discount_amount": "1190.00",
         *           "taxable_amount": "1190.00",
         *           "tax_amount": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "total_amount": "1190.00",
         *           "notes": "string",
         *           "terms": "string",
         *           "public_url": "http://example.com",
         *           "sent_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_at": "2026-11-23T10:00:00.000Z",
         *           "accepted_by": "string",
         *           "declined_at": "2026-11-23T10:00:00.000Z",
         *           "expired_at": "2026-11-23T10:00:00.000Z",
         *           "sendings": [
         *             {
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "invoices": [
         *             {
         *               "id": "inv_01JD3M8Q5W0000000000000000",
         *               "invoice_number": "string",
         *               "kind": "deposit",
         *               "issue_date": "2026-11-23"
         *             }
         *           ],
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        QuotePage: {
            results: components["schemas"]["Quote"][];
            next: string | null;
        };
        /**
         * @description What the Peppol network says of a participant: registered or not, and which of the documents it receives; kept for a day per organization, when `checked_at` says the access point was asked
         * @example {
         *       "participant_id": "string",
         *       "registered": true,
         *       "document_types": [
         *         "invoice"
         *       ],
         *       "checked_at": "2019-08-24T14:15:22Z"
         *     }
         */
        PeppolLookup: {
            participant_id: string;
            registered: boolean;
            document_types: ("invoice" | "credit_note")[];
            /** Format: date-time */
            checked_at: string;
        };
        /**
         * @description How many reports the access point had waiting, and how many moved one of our sendings on
         * @example {
         *       "reports": -9007199254740991,
         *       "applied": -9007199254740991
         *     }
         */
        PeppolReports: {
            reports: number;
            applied: number;
        };
        /**
         * @description The access point's received document, fetched back from it and kept: the inbox of the organization that receives as its participant takes it in moments later
         * @example {
         *       "message_id": "string",
         *       "kept": true
         *     }
         */
        PeppolArrival: {
            message_id: string;
            /** @constant */
            kept: true;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "address": "string",
         *           "reason": "bounce",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "message_id": "string",
         *           "document": {
         *             "kind": "invoice",
         *             "id": "string"
         *           }
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        EmailSuppressionPage: {
            results: components["schemas"]["EmailSuppression"][];
            next: string | null;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        CreditNoteList: {
            results: components["schemas"]["CreditNote"][];
            next: string | null;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "cn_01JD3M8Q5W0000000000000000",
         *           "credit_note_number": "string",
         *           "invoice": {
         *             "id": "inv_01JD3M8Q5W0000000000000000",
         *             "number": "string",
         *             "issue_date": "2026-11-23",
         *             "due_date": "2026-11-23"
         *           },
         *           "client": {
         *             "id": "cli_01JD3M8Q5W0000000000000000",
         *             "name": "string"
         *           },
         *           "issue_date": "2026-11-23",
         *           "currency": "EUR",
         *           "locale": "string",
         *           "seller": {
         *             "name": "string",
         *             "address": {
         *               "line1": "string",
         *               "line2": "string",
         *               "city": "string",
         *               "postal_code": "string",
         *               "state": "string",
         *               "country": "DE"
         *             },
         *             "tax_id": "string",
         *             "registration_number": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "website": "string",
         *             "payment_instructions": {
         *               "iban": "string",
         *               "bic": "string",
         *               "account_name": "string",
         *               "text": "string"
         *             },
         *             "peppol_id": "string"
         *           },
         *           "buyer": {
         *             "name": "string",
         *             "email": "string",
         *             "phone": "string",
         *             "address": "string",
         *             "city": "string",
         *             "state": "string",
         *             "postal_code": "string",
         *             "country": "string",
         *             "tax_id": "string",
         *             "peppol_id": "string"
         *           },
         *           "reason": "duplicate",
         *           "memo": "string",
         *           "line_items": [
         *             {
         *               "invoice_line": 0,
         *               "description": "string",
         *               "quantity": 0,
         *               "unit": "string",
         *               "unit_price": "string",
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "net_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "total": "1190.00"
         *             }
         *           ],
         *           "subtotal": "1190.00",
         *           "tax_amount": "1190.00",
         *           "total_amount": "1190.00",
         *           "amount_refunded": "1190.00",
         *           "tax_breakdown": [
         *             {
         *               "tax_category": "S",
         *               "tax_rate": "19",
         *               "taxable_amount": "1190.00",
         *               "tax_amount": "1190.00",
         *               "tax_exemption_reason": "string",
         *               "tax_amount_in_accounting_currency": "1190.00"
         *             }
         *           ],
         *           "accounting_currency": "EUR",
         *           "exchange_rate": {
         *             "rate": "string",
         *             "from": "EUR",
         *             "to": "EUR",
         *             "date": "2026-11-23",
         *             "source": "manual",
         *             "legs": [
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               },
         *               {
         *                 "rate": "string",
         *                 "from": "EUR",
         *                 "to": "EUR"
         *               }
         *             ]
         *           },
         *           "tax_total_in_accounting_currency": "1190.00",
         *           "sendings": [
         *             {
         *               "channel": "email",
         *               "to": "string",
         *               "sent_at": "2026-11-23T10:00:00.000Z",
         *               "message_id": "string",
         *               "delivery_status": "sent",
         *               "delivery_status_at": "2026-11-23T10:00:00.000Z",
         *               "bounce_type": "permanent"
         *             }
         *           ],
         *           "public_url": "http://example.com",
         *           "pdf_url": "http://example.com",
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        CreditNotePage: {
            results: components["schemas"]["CreditNote"][];
            next: string | null;
        };
        /**
         * @example {
         *       "status": "ok",
         *       "objects": 0
         *     }
         */
        ArchiveVerification: {
            /** @constant */
            status: "ok";
            objects: number;
        } | {
            /** @constant */
            status: "broken";
            objects: number;
            record: string;
            key: string | null;
            /** @enum {string} */
            reason: "missing" | "differs" | "record_missing";
        };
        /**
         * @example {
         *       "period": "monthly",
         *       "start_date": "2026-11-23",
         *       "end_date": "2026-11-23",
         *       "time_zone": "string",
         *       "rows": [
         *         {
         *           "period_start": "2026-11-23",
         *           "period_end": "2026-11-23",
         *           "currency": "EUR",
         *           "invoiced": "1190.00",
         *           "credited": "1190.00",
         *           "collected": "1190.00",
         *           "refunded": "1190.00",
         *           "outstanding": "1190.00",
         *           "overdue": "1190.00",
         *           "invoice_count": 0,
         *           "payment_count": 0
         *         }
         *       ],
         *       "totals": [
         *         {
         *           "currency": "EUR",
         *           "invoiced": "1190.00",
         *           "credited": "1190.00",
         *           "collected": "1190.00",
         *           "refunded": "1190.00",
         *           "outstanding": "1190.00",
         *           "overdue": "1190.00",
         *           "invoice_count": 0,
         *           "payment_count": 0
         *         }
         *       ],
         *       "totals_in_accounting_currency": [
         *         {
         *           "currency": "EUR",
         *           "invoiced": "1190.00",
         *           "credited": "1190.00",
         *           "collected": "1190.00",
         *           "refunded": "1190.00",
         *           "outstanding": "1190.00",
         *           "overdue": "1190.00",
         *           "invoice_count": 0,
         *           "payment_count": 0
         *         }
         *       ]
         *     }
         */
        RevenueReport: {
            /** @enum {string} */
            period: "monthly" | "quarterly" | "yearly";
            start_date: components["schemas"]["CalendarDate"];
            end_date: components["schemas"]["CalendarDate"];
            time_zone: string;
            rows: {
                period_start: components["schemas"]["CalendarDate"];
                period_end: components["schemas"]["CalendarDate"];
                currency: components["schemas"]["Currency"];
                invoiced: components["schemas"]["Money"];
                credited: components["schemas"]["Money"];
                collected: components["schemas"]["Money"];
                refunded: components["schemas"]["Money"];
                outstanding: components["schemas"]["Money"];
                overdue: components["schemas"]["Money"];
                invoice_count: number;
                payment_count: number;
            }[];
            totals: {
                currency: components["schemas"]["Currency"];
                invoiced: components["schemas"]["Money"];
                credited: components["schemas"]["Money"];
                collected: components["schemas"]["Money"];
                refunded: components["schemas"]["Money"];
                outstanding: components["schemas"]["Money"];
                overdue: components["schemas"]["Money"];
                invoice_count: number;
                payment_count: number;
            }[];
            totals_in_accounting_currency: {
                currency: components["schemas"]["Currency"];
                invoiced: components["schemas"]["Money"];
                credited: components["schemas"]["Money"];
                collected: components["schemas"]["Money"];
                refunded: components["schemas"]["Money"];
                outstanding: components["schemas"]["Money"];
                overdue: components["schemas"]["Money"];
                invoice_count: number;
                payment_count: number;
            }[];
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "rec_01JD3M8Q5W0000000000000000",
         *           "client": "cli_01JD3M8Q5W0000000000000000",
         *           "frequency": "weekly",
         *           "interval": 0,
         *           "start_date": "2026-11-23",
         *           "end_date": "2026-11-23",
         *           "max_count": 0,
         *           "day_of_month": 0,
         *           "due_in_days": 0,
         *           "currency": "EUR",
         *           "line_items": [
         *             {
         *               "description": "string",
         *               "quantity": 0,
         *               "unit_price": "string",
         *               "tax_rate": "19",
         *               "unit": "string",
         *               "tax_category": "S",
         *               "tax_exemption_reason": "string",
         *               "discount": {
         *                 "percent": "10"
         *               }
         *             }
         *           ],
         *           "notes": "string",
         *           "terms": "string",
         *           "buyer_reference": "string",
         *           "purchase_order": "string",
         *           "auto_send": true,
         *           "send_to": "string",
         *           "status": "active",
         *           "next_run_date": "2026-11-23",
         *           "last_run_date": "2026-11-23",
         *           "generated_count": 0,
         *           "metadata": {
         *             "order_id": "6735"
         *           },
         *           "created_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        RecurringInvoiceList: {
            results: components["schemas"]["RecurringInvoice"][];
            next: string | null;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "evt_01JD3M8Q5W0000000000000000",
         *           "type": "organization.updated",
         *           "organization_id": "org_01JD3M8Q5W0000000000000000",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "data": {
         *             "object": {
         *               "id": "org_01JD3M8Q5W0000000000000000",
         *               "name": "string",
         *               "subscription_tier": "string",
         *               "subscription_status": "string",
         *               "default_currency": "EUR",
         *               "time_zone": "string",
         *               "invoice_numbering": {
         *                 "pattern": "string",
         *                 "padding": 0,
         *                 "reset": "never"
         *               },
         *               "credit_note_numbering": {
         *                 "pattern": "string",
         *                 "padding": 0,
         *                 "reset": "never"
         *               },
         *               "quote_numbering": {
         *                 "pattern": "string",
         *                 "padding": 0,
         *                 "reset": "never"
         *               },
         *               "tax_rounding": "per_line",
         *               "legal_name": "string",
         *               "address": {
         *                 "line1": "string",
         *                 "line2": "string",
         *                 "city": "string",
         *                 "postal_code": "string",
         *                 "state": "string",
         *                 "country": "DE"
         *               },
         *               "tax_id": "string",
         *               "registration_number": "string",
         *               "email": "string",
         *               "phone": "string",
         *               "website": "string",
         *               "payment_instructions": {
         *                 "iban": "string",
         *                 "bic": "string",
         *                 "account_name": "string",
         *                 "text": "string"
         *               },
         *               "peppol_id": "string",
         *               "e_invoice_format": "ubl",
         *               "delivery_channel": "email",
         *               "logo": {
         *                 "content_type": "image/png",
         *                 "size": 0,
         *                 "width": 0,
         *                 "height": 0
         *               },
         *               "locale": "string",
         *               "default_notes": "string",
         *               "default_terms": "string",
         *               "payment_term_days": 0,
         *               "reminder_policy": {
         *                 "enabled": true,
         *                 "steps": [
         *                   {
         *                     "offset_days": 0,
         *                     "attach_pdf": true,
         *                     "attach_e_invoice": true,
         *                     "charge_late_fee": true
         *                   }
         *                 ]
         *               },
         *               "datev": {
         *                 "consultant_number": 0,
         *                 "client_number": 0,
         *                 "fiscal_year_start_month": 0,
         *                 "account_length": 0,
         *                 "debtor_account": "string",
         *                 "revenue_accounts": {
         *                   "property1": "string",
         *                   "property2": "string"
         *                 },
         *                 "chart": "03"
         *               },
         *               "late_fee_policy": {
         *                 "interest": {
         *                   "basis": "fixed",
         *                   "rate": "string"
         *                 },
         *                 "compensation": {
         *                   "amount": "string",
         *                   "currency": "string"
         *                 },
         *                 "tax_category": "O",
         *                 "tax_rate": "string"
         *               },
         *               "accounting_currency": "EUR",
         *               "exchange_rate_date": "issue_date",
         *               "archive_retention_years": 0,
         *               "payment_reference_scheme": "rf",
         *               "bank_accounts": [
         *                 {
         *                   "iban": "string",
         *                   "name": "string"
         *                 }
         *               ],
         *               "created_at": "2026-11-23T10:00:00.000Z"
         *             }
         *           },
         *           "actor": {
         *             "type": "user",
         *             "id": "string",
         *             "role": "owner"
         *           }
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        EventPage: {
            results: components["schemas"]["Event"][];
            next: string | null;
        };
        /** @description An event of any kind, told apart by `type` */
        Event: components["schemas"]["OrganizationUpdatedEvent"] | components["schemas"]["ClientCreatedEvent"] | components["schemas"]["ClientUpdatedEvent"] | components["schemas"]["ClientArchivedEvent"] | components["schemas"]["InvoiceCreatedEvent"] | components["schemas"]["InvoiceUpdatedEvent"] | components["schemas"]["InvoiceSentEvent"] | components["schemas"]["InvoiceReminderSentEvent"] | components["schemas"]["InvoicePaidEvent"] | components["schemas"]["InvoiceOverdueEvent"] | components["schemas"]["InvoiceVoidedEvent"] | components["schemas"]["InvoiceCreditedEvent"] | components["schemas"]["InvoiceEmailDeliveredEvent"] | components["schemas"]["InvoiceEmailBouncedEvent"] | components["schemas"]["InvoiceEmailComplainedEvent"] | components["schemas"]["InvoicePeppolQueuedEvent"] | components["schemas"]["InvoicePeppolSentEvent"] | components["schemas"]["InvoicePeppolDeliveredEvent"] | components["schemas"]["InvoicePeppolFailedEvent"] | components["schemas"]["PaymentReceivedEvent"] | components["schemas"]["CreditNoteCreatedEvent"] | components["schemas"]["CreditNoteUpdatedEvent"] | components["schemas"]["CreditNoteSentEvent"] | components["schemas"]["CreditNoteEmailDeliveredEvent"] | components["schemas"]["CreditNoteEmailBouncedEvent"] | components["schemas"]["CreditNoteEmailComplainedEvent"] | components["schemas"]["CreditNotePeppolQueuedEvent"] | components["schemas"]["CreditNotePeppolSentEvent"] | components["schemas"]["CreditNotePeppolDeliveredEvent"] | components["schemas"]["CreditNotePeppolFailedEvent"] | components["schemas"]["RefundCreatedEvent"] | components["schemas"]["RefundSucceededEvent"] | components["schemas"]["RefundFailedEvent"] | components["schemas"]["QuoteCreatedEvent"] | components["schemas"]["QuoteUpdatedEvent"] | components["schemas"]["QuoteSentEvent"] | components["schemas"]["QuoteAcceptedEvent"] | components["schemas"]["QuoteDeclinedEvent"] | components["schemas"]["QuoteExpiredEvent"] | components["schemas"]["QuoteEmailDeliveredEvent"] | components["schemas"]["QuoteEmailBouncedEvent"] | components["schemas"]["QuoteEmailComplainedEvent"] | components["schemas"]["IncomingInvoiceReceivedEvent"] | components["schemas"]["IncomingInvoiceInvalidEvent"] | components["schemas"]["IncomingInvoiceDuplicateEvent"] | components["schemas"]["IncomingInvoiceAcceptedEvent"] | components["schemas"]["IncomingInvoiceRejectedEvent"] | components["schemas"]["IncomingInvoicePaidEvent"] | components["schemas"]["ArchiveRecordWrittenEvent"] | components["schemas"]["ExportCreatedEvent"] | components["schemas"]["ExportCompletedEvent"] | components["schemas"]["ExportFailedEvent"] | components["schemas"]["RecurringInvoiceCreatedEvent"] | components["schemas"]["RecurringInvoiceUpdatedEvent"] | components["schemas"]["RecurringInvoicePausedEvent"] | components["schemas"]["RecurringInvoiceResumedEvent"] | components["schemas"]["RecurringInvoiceEndedEvent"] | components["schemas"]["MemberAddedEvent"] | components["schemas"]["MemberUpdatedEvent"] | components["schemas"]["MemberRemovedEvent"] | components["schemas"]["InvitationCreatedEvent"] | components["schemas"]["InvitationRevokedEvent"] | components["schemas"]["ApiKeyCreatedEvent"] | components["schemas"]["ApiKeyDisabledEvent"] | components["schemas"]["ApiKeyEnabledEvent"] | components["schemas"]["ApiKeyRevokedEvent"] | components["schemas"]["EmailSuppressionDeletedEvent"] | components["schemas"]["WebhookCreatedEvent"] | components["schemas"]["WebhookUpdatedEvent"] | components["schemas"]["WebhookSecretRotatedEvent"] | components["schemas"]["WebhookDeletedEvent"] | components["schemas"]["WebhookDisabledEvent"] | components["schemas"]["PingEvent"];
        /**
         * @example {
         *       "id": "whk_01JD3M8Q5W0000000000000000",
         *       "url": "http://example.com",
         *       "events": [
         *         "string"
         *       ],
         *       "status": "enabled",
         *       "disabled_reason": "string",
         *       "created_at": "2026-11-23T10:00:00.000Z",
         *       "updated_at": "2026-11-23T10:00:00.000Z",
         *       "secret": "whsec_MfKQ9r8GKYqXJp7aXJ2k3w8pS1vN4bT6"
         *     }
         */
        WebhookWithSecret: {
            /**
             * @description `whk_` and a ULID
             * @example whk_01JD3M8Q5W0000000000000000
             */
            id: string;
            /** Format: uri */
            url: string;
            events: string[];
            /** @enum {string} */
            status: "enabled" | "disabled";
            disabled_reason: string | null;
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /**
             * Format: starts_with
             * @example whsec_MfKQ9r8GKYqXJp7aXJ2k3w8pS1vN4bT6
             */
            secret: string;
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "whk_01JD3M8Q5W0000000000000000",
         *           "url": "http://example.com",
         *           "events": [
         *             "string"
         *           ],
         *           "status": "enabled",
         *           "disabled_reason": "string",
         *           "created_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        WebhookList: {
            results: components["schemas"]["Webhook"][];
            next: string | null;
        };
        /**
         * @example {
         *       "event_id": "evt_01JD3M8Q5W0000000000000000",
         *       "type": "ping"
         *     }
         */
        PingQueued: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            event_id: string;
            /** @constant */
            type: "ping";
        };
        /**
         * @example {
         *       "results": [
         *         {
         *           "id": "evt_01JD3M8Q5W0000000000000000",
         *           "webhook_id": "whk_01JD3M8Q5W0000000000000000",
         *           "event_id": "evt_01JD3M8Q5W0000000000000000",
         *           "event_type": "string",
         *           "status": "delivered",
         *           "attempt_count": 0,
         *           "attempts": [
         *             {
         *               "at": "2026-11-23T10:00:00.000Z",
         *               "outcome": "delivered",
         *               "status_code": 0,
         *               "duration_ms": 0,
         *               "response_excerpt": "string",
         *               "error": "string",
         *               "retry_after_seconds": 0
         *             }
         *           ],
         *           "next_retry_at": "2026-11-23T10:00:00.000Z",
         *           "updated_at": "2026-11-23T10:00:00.000Z",
         *           "correlation_id": "string"
         *         }
         *       ],
         *       "next": "http://example.com"
         *     }
         */
        DeliveryPage: {
            results: components["schemas"]["Delivery"][];
            next: string | null;
        };
        Delivery: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /**
             * @description `whk_` and a ULID
             * @example whk_01JD3M8Q5W0000000000000000
             */
            webhook_id: string;
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "delivered" | "retrying" | "failed" | "skipped";
            attempt_count: number;
            attempts: {
                at: components["schemas"]["Timestamp"];
                /** @enum {string} */
                outcome: "delivered" | "failed" | "gone" | "refused";
                status_code: number | null;
                duration_ms: number;
                response_excerpt: string | null;
                error: string | null;
                retry_after_seconds: number | null;
            }[];
            next_retry_at: components["schemas"]["Timestamp"] | null;
            updated_at: components["schemas"]["Timestamp"];
            correlation_id: string | null;
        };
        /**
         * @example {
         *       "id": "evt_01JD3M8Q5W0000000000000000",
         *       "status": "queued"
         *     }
         */
        RetryQueued: {
            /**
             * @description `evt_` and a ULID
             * @example evt_01JD3M8Q5W0000000000000000
             */
            id: string;
            /** @constant */
            status: "queued";
        };
        /**
         * @example {
         *       "received": true,
         *       "outcome": "recorded"
         *     }
         */
        StripeReceipt: {
            /** @constant */
            received: true;
            /** @enum {string} */
            outcome: "recorded" | "duplicate" | "refused" | "ignored";
        };
    };
    responses: {
        /** @description internal_error */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "internal_error",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "internal_error";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description invalid_json, validation_error */
        InvalidJsonOrValidationError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "invalid_json",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "invalid_json" | "validation_error";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description invalid_token */
        InvalidToken: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "invalid_token",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "invalid_token";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description conflict */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "conflict";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description payload_too_large */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "payload_too_large",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "payload_too_large";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description unsupported_media_type */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unsupported_media_type",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "unsupported_media_type";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description rate_limited */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limited",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "rate_limited";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description permission_denied */
        PermissionDenied: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "permission_denied",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "permission_denied";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description validation_error */
        ValidationError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "validation_error",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "validation_error";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description authentication_required, invalid_token, token_expired */
        AuthenticationRequiredOrInvalidTokenOrTokenExpired: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "authentication_required",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "authentication_required" | "invalid_token" | "token_expired";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description insufficient_scope, permission_denied, organization_access_denied */
        InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "insufficient_scope",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "insufficient_scope" | "permission_denied" | "organization_access_denied";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description not_found */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "not_found";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description conflict, invalid_state */
        ConflictOrInvalidState: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "conflict" | "invalid_state";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description idempotency_conflict, conflict, invalid_state */
        IdempotencyConflictOrConflictOrInvalidState: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "idempotency_conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "idempotency_conflict" | "conflict" | "invalid_state";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description email_delivery_failed */
        EmailDeliveryFailed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "email_delivery_failed",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "email_delivery_failed";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description idempotency_conflict, conflict */
        IdempotencyConflictOrConflict: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "idempotency_conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "idempotency_conflict" | "conflict";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description e_invoice_incomplete */
        EInvoiceIncomplete: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "e_invoice_incomplete",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "e_invoice_incomplete";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description peppol_unavailable */
        PeppolUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "peppol_unavailable",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "peppol_unavailable";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description idempotency_conflict, conflict, invalid_state, payments_not_configured */
        IdempotencyConflictOrConflictOrInvalidStateOrPaymentsNotConfigured: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "idempotency_conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "idempotency_conflict" | "conflict" | "invalid_state" | "payments_not_configured";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description conflict, peppol_not_configured */
        ConflictOrPeppolNotConfigured: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "conflict" | "peppol_not_configured";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description archive_mismatch */
        ArchiveMismatch: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "archive_mismatch",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "archive_mismatch";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
        /** @description invalid_state, archive_mismatch */
        InvalidStateOrArchiveMismatch: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "invalid_state",
                 *         "message": "What was refused and why, in one sentence"
                 *       }
                 *     }
                 */
                "application/json": {
                    error: {
                        /** @enum {string} */
                        code: "invalid_state" | "archive_mismatch";
                        message: string;
                        details?: components["schemas"]["ErrorDetails"];
                    };
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The id of this request: quote it when reporting a problem */
        RequestId: string;
        /** @description Seconds to wait before trying again */
        RetryAfter: number;
    };
    pathItems: never;
}
export type SchemaErrorDetails = components['schemas']['ErrorDetails'];
export type SchemaOrganizationUpdatedEvent = components['schemas']['OrganizationUpdatedEvent'];
export type SchemaTimestamp = components['schemas']['Timestamp'];
export type SchemaOrganization = components['schemas']['Organization'];
export type SchemaCurrency = components['schemas']['Currency'];
export type SchemaPostalAddress = components['schemas']['PostalAddress'];
export type SchemaPaymentInstructions = components['schemas']['PaymentInstructions'];
export type SchemaActor = components['schemas']['Actor'];
export type SchemaClientCreatedEvent = components['schemas']['ClientCreatedEvent'];
export type SchemaClient = components['schemas']['Client'];
export type SchemaMetadata = components['schemas']['Metadata'];
export type SchemaClientUpdatedEvent = components['schemas']['ClientUpdatedEvent'];
export type SchemaClientArchivedEvent = components['schemas']['ClientArchivedEvent'];
export type SchemaInvoiceCreatedEvent = components['schemas']['InvoiceCreatedEvent'];
export type SchemaInvoice = components['schemas']['Invoice'];
export type SchemaSeller = components['schemas']['Seller'];
export type SchemaBuyer = components['schemas']['Buyer'];
export type SchemaCalendarDate = components['schemas']['CalendarDate'];
export type SchemaDiscount = components['schemas']['Discount'];
export type SchemaMoney = components['schemas']['Money'];
export type SchemaTaxCategory = components['schemas']['TaxCategory'];
export type SchemaTaxBreakdownRow = components['schemas']['TaxBreakdownRow'];
export type SchemaExchangeRate = components['schemas']['ExchangeRate'];
export type SchemaSending = components['schemas']['Sending'];
export type SchemaDeliveryStatus = components['schemas']['DeliveryStatus'];
export type SchemaPeppolSending = components['schemas']['PeppolSending'];
export type SchemaInvoiceUpdatedEvent = components['schemas']['InvoiceUpdatedEvent'];
export type SchemaInvoiceSentEvent = components['schemas']['InvoiceSentEvent'];
export type SchemaInvoiceReminderSentEvent = components['schemas']['InvoiceReminderSentEvent'];
export type SchemaInvoicePaidEvent = components['schemas']['InvoicePaidEvent'];
export type SchemaPayment = components['schemas']['Payment'];
export type SchemaInvoiceOverdueEvent = components['schemas']['InvoiceOverdueEvent'];
export type SchemaInvoiceVoidedEvent = components['schemas']['InvoiceVoidedEvent'];
export type SchemaInvoiceCreditedEvent = components['schemas']['InvoiceCreditedEvent'];
export type SchemaInvoiceEmailDeliveredEvent = components['schemas']['InvoiceEmailDeliveredEvent'];
export type SchemaEmailReport = components['schemas']['EmailReport'];
export type SchemaInvoiceEmailBouncedEvent = components['schemas']['InvoiceEmailBouncedEvent'];
export type SchemaInvoiceEmailComplainedEvent = components['schemas']['InvoiceEmailComplainedEvent'];
export type SchemaInvoicePeppolQueuedEvent = components['schemas']['InvoicePeppolQueuedEvent'];
export type SchemaInvoicePeppolSentEvent = components['schemas']['InvoicePeppolSentEvent'];
export type SchemaInvoicePeppolDeliveredEvent = components['schemas']['InvoicePeppolDeliveredEvent'];
export type SchemaInvoicePeppolFailedEvent = components['schemas']['InvoicePeppolFailedEvent'];
export type SchemaPaymentReceivedEvent = components['schemas']['PaymentReceivedEvent'];
export type SchemaCreditNoteCreatedEvent = components['schemas']['CreditNoteCreatedEvent'];
export type SchemaCreditNote = components['schemas']['CreditNote'];
export type SchemaCreditNoteSending = components['schemas']['CreditNoteSending'];
export type SchemaCreditNoteUpdatedEvent = components['schemas']['CreditNoteUpdatedEvent'];
export type SchemaCreditNoteSentEvent = components['schemas']['CreditNoteSentEvent'];
export type SchemaCreditNoteEmailDeliveredEvent = components['schemas']['CreditNoteEmailDeliveredEvent'];
export type SchemaCreditNoteEmailBouncedEvent = components['schemas']['CreditNoteEmailBouncedEvent'];
export type SchemaCreditNoteEmailComplainedEvent = components['schemas']['CreditNoteEmailComplainedEvent'];
export type SchemaCreditNotePeppolQueuedEvent = components['schemas']['CreditNotePeppolQueuedEvent'];
export type SchemaCreditNotePeppolSentEvent = components['schemas']['CreditNotePeppolSentEvent'];
export type SchemaCreditNotePeppolDeliveredEvent = components['schemas']['CreditNotePeppolDeliveredEvent'];
export type SchemaCreditNotePeppolFailedEvent = components['schemas']['CreditNotePeppolFailedEvent'];
export type SchemaRefundCreatedEvent = components['schemas']['RefundCreatedEvent'];
export type SchemaRefund = components['schemas']['Refund'];
export type SchemaRefundSucceededEvent = components['schemas']['RefundSucceededEvent'];
export type SchemaRefundFailedEvent = components['schemas']['RefundFailedEvent'];
export type SchemaQuoteCreatedEvent = components['schemas']['QuoteCreatedEvent'];
export type SchemaQuote = components['schemas']['Quote'];
export type SchemaQuoteSending = components['schemas']['QuoteSending'];
export type SchemaQuoteUpdatedEvent = components['schemas']['QuoteUpdatedEvent'];
export type SchemaQuoteSentEvent = components['schemas']['QuoteSentEvent'];
export type SchemaQuoteAcceptedEvent = components['schemas']['QuoteAcceptedEvent'];
export type SchemaQuoteDeclinedEvent = components['schemas']['QuoteDeclinedEvent'];
export type SchemaQuoteExpiredEvent = components['schemas']['QuoteExpiredEvent'];
export type SchemaQuoteEmailDeliveredEvent = components['schemas']['QuoteEmailDeliveredEvent'];
export type SchemaQuoteEmailBouncedEvent = components['schemas']['QuoteEmailBouncedEvent'];
export type SchemaQuoteEmailComplainedEvent = components['schemas']['QuoteEmailComplainedEvent'];
export type SchemaIncomingInvoiceReceivedEvent = components['schemas']['IncomingInvoiceReceivedEvent'];
export type SchemaIncomingInvoice = components['schemas']['IncomingInvoice'];
export type SchemaIncomingView = components['schemas']['IncomingView'];
export type SchemaIncomingParty = components['schemas']['IncomingParty'];
export type SchemaInvoiceResponseSent = components['schemas']['InvoiceResponseSent'];
export type SchemaIncomingInvoiceInvalidEvent = components['schemas']['IncomingInvoiceInvalidEvent'];
export type SchemaIncomingInvoiceDuplicateEvent = components['schemas']['IncomingInvoiceDuplicateEvent'];
export type SchemaIncomingInvoiceAcceptedEvent = components['schemas']['IncomingInvoiceAcceptedEvent'];
export type SchemaIncomingInvoiceRejectedEvent = components['schemas']['IncomingInvoiceRejectedEvent'];
export type SchemaIncomingInvoicePaidEvent = components['schemas']['IncomingInvoicePaidEvent'];
export type SchemaArchiveRecordWrittenEvent = components['schemas']['ArchiveRecordWrittenEvent'];
export type SchemaArchiveRecord = components['schemas']['ArchiveRecord'];
export type SchemaExportCreatedEvent = components['schemas']['ExportCreatedEvent'];
export type SchemaExport = components['schemas']['Export'];
export type SchemaExportCompletedEvent = components['schemas']['ExportCompletedEvent'];
export type SchemaExportFailedEvent = components['schemas']['ExportFailedEvent'];
export type SchemaRecurringInvoiceCreatedEvent = components['schemas']['RecurringInvoiceCreatedEvent'];
export type SchemaRecurringInvoice = components['schemas']['RecurringInvoice'];
export type SchemaRecurringInvoiceUpdatedEvent = components['schemas']['RecurringInvoiceUpdatedEvent'];
export type SchemaRecurringInvoicePausedEvent = components['schemas']['RecurringInvoicePausedEvent'];
export type SchemaRecurringInvoiceResumedEvent = components['schemas']['RecurringInvoiceResumedEvent'];
export type SchemaRecurringInvoiceEndedEvent = components['schemas']['RecurringInvoiceEndedEvent'];
export type SchemaMemberAddedEvent = components['schemas']['MemberAddedEvent'];
export type SchemaMember = components['schemas']['Member'];
export type SchemaMemberUpdatedEvent = components['schemas']['MemberUpdatedEvent'];
export type SchemaMemberRemovedEvent = components['schemas']['MemberRemovedEvent'];
export type SchemaInvitationCreatedEvent = components['schemas']['InvitationCreatedEvent'];
export type SchemaInvitation = components['schemas']['Invitation'];
export type SchemaInvitationRevokedEvent = components['schemas']['InvitationRevokedEvent'];
export type SchemaApiKeyCreatedEvent = components['schemas']['ApiKeyCreatedEvent'];
export type SchemaApiKey = components['schemas']['ApiKey'];
export type SchemaApiKeyDisabledEvent = components['schemas']['ApiKeyDisabledEvent'];
export type SchemaApiKeyEnabledEvent = components['schemas']['ApiKeyEnabledEvent'];
export type SchemaApiKeyRevokedEvent = components['schemas']['ApiKeyRevokedEvent'];
export type SchemaEmailSuppressionDeletedEvent = components['schemas']['EmailSuppressionDeletedEvent'];
export type SchemaEmailSuppression = components['schemas']['EmailSuppression'];
export type SchemaWebhookCreatedEvent = components['schemas']['WebhookCreatedEvent'];
export type SchemaWebhook = components['schemas']['Webhook'];
export type SchemaWebhookUpdatedEvent = components['schemas']['WebhookUpdatedEvent'];
export type SchemaWebhookSecretRotatedEvent = components['schemas']['WebhookSecretRotatedEvent'];
export type SchemaWebhookDeletedEvent = components['schemas']['WebhookDeletedEvent'];
export type SchemaWebhookDisabledEvent = components['schemas']['WebhookDisabledEvent'];
export type SchemaPingEvent = components['schemas']['PingEvent'];
export type SchemaOpenApiDocument = components['schemas']['OpenApiDocument'];
export type SchemaTokenSet = components['schemas']['TokenSet'];
export type SchemaRefreshedAccess = components['schemas']['RefreshedAccess'];
export type SchemaJsonWebKeySet = components['schemas']['JsonWebKeySet'];
export type SchemaMyOrganizations = components['schemas']['MyOrganizations'];
export type SchemaMemberList = components['schemas']['MemberList'];
export type SchemaInvitationList = components['schemas']['InvitationList'];
export type SchemaAcceptedInvitation = components['schemas']['AcceptedInvitation'];
export type SchemaAuditEntryPage = components['schemas']['AuditEntryPage'];
export type SchemaAuditEntry = components['schemas']['AuditEntry'];
export type SchemaAuditChainCheck = components['schemas']['AuditChainCheck'];
export type SchemaApiKeyWithSecret = components['schemas']['ApiKeyWithSecret'];
export type SchemaApiKeyList = components['schemas']['ApiKeyList'];
export type SchemaCreatedClient = components['schemas']['CreatedClient'];
export type SchemaClientPage = components['schemas']['ClientPage'];
export type SchemaClientDetail = components['schemas']['ClientDetail'];
export type SchemaStatement = components['schemas']['Statement'];
export type SchemaInvoicePage = components['schemas']['InvoicePage'];
export type SchemaVoidedNumberList = components['schemas']['VoidedNumberList'];
export type SchemaVoidedNumber = components['schemas']['VoidedNumber'];
export type SchemaDocumentSendResult = components['schemas']['DocumentSendResult'];
export type SchemaPaymentLink = components['schemas']['PaymentLink'];
export type SchemaRecordedPayment = components['schemas']['RecordedPayment'];
export type SchemaPaymentList = components['schemas']['PaymentList'];
export type SchemaSendResult = components['schemas']['SendResult'];
export type SchemaReminderList = components['schemas']['ReminderList'];
export type SchemaReminder = components['schemas']['Reminder'];
export type SchemaLateFee = components['schemas']['LateFee'];
export type SchemaQuotePage = components['schemas']['QuotePage'];
export type SchemaPeppolLookup = components['schemas']['PeppolLookup'];
export type SchemaPeppolReports = components['schemas']['PeppolReports'];
export type SchemaPeppolArrival = components['schemas']['PeppolArrival'];
export type SchemaEmailSuppressionPage = components['schemas']['EmailSuppressionPage'];
export type SchemaCreditNoteList = components['schemas']['CreditNoteList'];
export type SchemaCreditNotePage = components['schemas']['CreditNotePage'];
export type SchemaArchiveVerification = components['schemas']['ArchiveVerification'];
export type SchemaRevenueReport = components['schemas']['RevenueReport'];
export type SchemaRecurringInvoiceList = components['schemas']['RecurringInvoiceList'];
export type SchemaEventPage = components['schemas']['EventPage'];
export type SchemaEvent = components['schemas']['Event'];
export type SchemaWebhookWithSecret = components['schemas']['WebhookWithSecret'];
export type SchemaWebhookList = components['schemas']['WebhookList'];
export type SchemaPingQueued = components['schemas']['PingQueued'];
export type SchemaDeliveryPage = components['schemas']['DeliveryPage'];
export type SchemaDelivery = components['schemas']['Delivery'];
export type SchemaRetryQueued = components['schemas']['RetryQueued'];
export type SchemaStripeReceipt = components['schemas']['StripeReceipt'];
export type ResponseInternalError = components['responses']['InternalError'];
export type ResponseInvalidJsonOrValidationError = components['responses']['InvalidJsonOrValidationError'];
export type ResponseInvalidToken = components['responses']['InvalidToken'];
export type ResponseConflict = components['responses']['Conflict'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseRateLimited = components['responses']['RateLimited'];
export type ResponsePermissionDenied = components['responses']['PermissionDenied'];
export type ResponseValidationError = components['responses']['ValidationError'];
export type ResponseAuthenticationRequiredOrInvalidTokenOrTokenExpired = components['responses']['AuthenticationRequiredOrInvalidTokenOrTokenExpired'];
export type ResponseInsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied = components['responses']['InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied'];
export type ResponseNotFound = components['responses']['NotFound'];
export type ResponseConflictOrInvalidState = components['responses']['ConflictOrInvalidState'];
export type ResponseIdempotencyConflictOrConflictOrInvalidState = components['responses']['IdempotencyConflictOrConflictOrInvalidState'];
export type ResponseEmailDeliveryFailed = components['responses']['EmailDeliveryFailed'];
export type ResponseIdempotencyConflictOrConflict = components['responses']['IdempotencyConflictOrConflict'];
export type ResponseEInvoiceIncomplete = components['responses']['EInvoiceIncomplete'];
export type ResponsePeppolUnavailable = components['responses']['PeppolUnavailable'];
export type ResponseIdempotencyConflictOrConflictOrInvalidStateOrPaymentsNotConfigured = components['responses']['IdempotencyConflictOrConflictOrInvalidStateOrPaymentsNotConfigured'];
export type ResponseConflictOrPeppolNotConfigured = components['responses']['ConflictOrPeppolNotConfigured'];
export type ResponseArchiveMismatch = components['responses']['ArchiveMismatch'];
export type ResponseInvalidStateOrArchiveMismatch = components['responses']['InvalidStateOrArchiveMismatch'];
export type HeaderRequestId = components['headers']['RequestId'];
export type HeaderRetryAfter = components['headers']['RetryAfter'];
export type $defs = Record<string, never>;
export interface operations {
    getOpenapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    exchangeToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "idp_token": "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl"
                 *     }
                 */
                "application/json": {
                    idp_token: string;
                    organization_id?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenSet"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["InvalidToken"];
            /** @description permission_denied, organization_access_denied */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "permission_denied",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "permission_denied" | "organization_access_denied";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh": "rt_4f2a9c0d6e1b8a7f3c5d9e0a1b2c3d4e"
                 *     }
                 */
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshedAccess"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["InvalidToken"];
            403: components["responses"]["PermissionDenied"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh": "rt_4f2a9c0d6e1b8a7f3c5d9e0a1b2c3d4e"
                 *     }
                 */
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JsonWebKeySet"];
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    listMyOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOrganizations"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "legal_name": "Acme GmbH",
                 *       "address": {
                 *         "line1": "Hauptstraße 1",
                 *         "city": "Berlin",
                 *         "postal_code": "10115",
                 *         "country": "DE"
                 *       },
                 *       "tax_id": "DE136695976",
                 *       "payment_instructions": {
                 *         "iban": "DE89370400440532013000",
                 *         "bic": "COBADEFFXXX"
                 *       }
                 *     }
                 */
                "application/json": {
                    name?: string;
                    time_zone?: string;
                    legal_name?: string;
                    address?: {
                        line1: string;
                        line2?: string;
                        city: string;
                        postal_code: string;
                        state?: string;
                        country: string;
                    };
                    tax_id?: string;
                    registration_number?: string;
                    /** Format: email */
                    email?: string;
                    phone?: string;
                    /** Format: uri */
                    website?: string;
                    payment_instructions?: {
                        iban?: string;
                        bic?: string;
                        account_name?: string;
                        text?: string;
                    };
                    default_currency?: string;
                    locale?: string;
                    default_notes?: string;
                    default_terms?: string;
                    payment_term_days?: number;
                    peppol_id?: string | null;
                    logo?: string | null;
                    e_invoice_format?: ("ubl" | "cii" | "xrechnung-ubl" | "xrechnung-cii" | "peppol" | "factur-x") | null;
                    /** @enum {string} */
                    delivery_channel?: "email" | "peppol" | "auto";
                    /** @enum {string} */
                    tax_rounding?: "per_line" | "per_rate";
                    invoice_numbering?: {
                        pattern: string;
                        /** @default 6 */
                        padding?: number;
                        /**
                         * @default never
                         * @enum {string}
                         */
                        reset?: "never" | "yearly";
                    };
                    credit_note_numbering?: {
                        pattern: string;
                        /** @default 6 */
                        padding?: number;
                        /**
                         * @default never
                         * @enum {string}
                         */
                        reset?: "never" | "yearly";
                    };
                    quote_numbering?: {
                        pattern: string;
                        /** @default 6 */
                        padding?: number;
                        /**
                         * @default never
                         * @enum {string}
                         */
                        reset?: "never" | "yearly";
                    };
                    reminder_policy?: {
                        enabled: boolean;
                        steps: {
                            offset_days: number;
                            attach_pdf?: boolean;
                            attach_e_invoice?: boolean;
                            charge_late_fee?: boolean;
                        }[];
                    };
                    late_fee_policy?: {
                        interest: ({
                            /** @constant */
                            basis: "fixed";
                            rate: string;
                        } | {
                            /** @constant */
                            basis: "statutory";
                            /** @default 8.00 */
                            margin?: string;
                        }) | null;
                        compensation: {
                            amount: string;
                            currency: string;
                        } | null;
                        /** @enum {string} */
                        tax_category?: "O" | "S" | "E";
                        tax_rate?: string;
                    } | null;
                    accounting_currency?: string;
                    /** @enum {string} */
                    exchange_rate_date?: "issue_date" | "previous_business_day";
                    datev?: {
                        consultant_number: number;
                        client_number: number;
                        fiscal_year_start_month?: number;
                        account_length?: number;
                        debtor_account?: string;
                        revenue_accounts?: {
                            [key: string]: string;
                        };
                        /** @enum {string} */
                        chart?: "03" | "04";
                    } | null;
                    archive_retention_years?: number;
                    /** @enum {string} */
                    payment_reference_scheme?: "rf" | "be_ogm" | "none";
                    bank_accounts?: {
                        iban: string;
                        name?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listMembers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "role": "admin"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listInvitations: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "accountant@acme.example",
                 *       "role": "member"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["EmailDeliveryFailed"];
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedInvitation"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                actor?: string;
                resource?: string;
                action?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyAuditLog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditChainCheck"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Billing sync",
                 *       "scopes": [
                 *         "clients:read",
                 *         "invoices:read",
                 *         "invoices:write"
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    scopes: ("organization:read" | "organization:write" | "clients:read" | "clients:write" | "invoices:read" | "invoices:write" | "invoices:send" | "payments:write" | "credit_notes:read" | "credit_notes:write" | "quotes:read" | "quotes:write" | "incoming_invoices:read" | "incoming_invoices:write" | "events:read" | "recurring:read" | "recurring:write" | "reports:read" | "webhooks:read" | "webhooks:write")[];
                    /** Format: date-time */
                    expires_at?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    disableApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    enableApiKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                is_active?: "true" | "false";
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientPage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Globex Corporation",
                 *       "email": "billing@globex.example",
                 *       "address": "1 Main Street",
                 *       "city": "Springfield",
                 *       "postal_code": "12345",
                 *       "country": "US"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    phone?: string;
                    address?: string;
                    city?: string;
                    state?: string;
                    postal_code?: string;
                    country?: string;
                    tax_id?: string;
                    peppol_id?: string;
                    locale?: string;
                    /** @enum {string} */
                    reminders?: "on" | "off";
                    business?: boolean;
                    /**
                     * @description Up to 50 keys of at most 40 characters (not __proto__, constructor or prototype) with values of at most 500; never printed on documents
                     * @example {
                     *       "order_id": "6735",
                     *       "crm_deal": "D-1022"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedClient"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientDetail"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    archiveClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "accounts@globex.example",
                 *       "phone": "+1 555 0100"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** Format: email */
                    email?: string;
                    phone?: string;
                    address?: string;
                    city?: string;
                    state?: string;
                    postal_code?: string;
                    country?: string;
                    tax_id?: string;
                    peppol_id?: string | null;
                    locale?: string;
                    /** @enum {string} */
                    reminders?: "on" | "off";
                    business?: boolean;
                    /**
                     * @description Keys to set; an empty string removes its key. Keys not named stay as they are
                     * @example {
                     *       "order_id": "6736",
                     *       "crm_deal": ""
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Client"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getClientStatement: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"];
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "sent" | "partially_paid" | "paid" | "overdue" | "credited" | "void";
                client?: string;
                issue_date_from?: string;
                issue_date_to?: string;
                metadata?: {
                    [key: string]: string;
                };
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoicePage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client": "cli_01JD3M8Q5W0000000000000000",
                 *       "currency": "EUR",
                 *       "line_items": [
                 *         {
                 *           "description": "Consulting, November",
                 *           "quantity": 10,
                 *           "unit": "HUR",
                 *           "unit_price": "120.00",
                 *           "tax_rate": "19"
                 *         },
                 *         {
                 *           "description": "Travel",
                 *           "quantity": 1,
                 *           "unit_price": "80.00",
                 *           "tax_rate": "19"
                 *         }
                 *       ],
                 *       "notes": "Thank you for your business.",
                 *       "purchase_order": "PO-2026-118"
                 *     }
                 */
                "application/json": {
                    client: string;
                    issue_date?: string;
                    due_date?: string;
                    currency?: string;
                    line_items: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    notes?: string;
                    terms?: string;
                    discount?: {
                        percent?: string;
                        amount?: string;
                    };
                    prices_include_tax?: boolean;
                    supply_date?: string;
                    service_period?: {
                        start: string;
                        end: string;
                    };
                    buyer_reference?: string;
                    purchase_order?: string;
                    locale?: string;
                    /**
                     * @description Up to 50 keys of at most 40 characters (not __proto__, constructor or prototype) with values of at most 500; never printed on documents
                     * @example {
                     *       "order_id": "6735",
                     *       "crm_deal": "D-1022"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listVoidedNumbers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                series: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoidedNumberList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "due_date": "2026-12-31",
                 *       "discount": {
                 *         "percent": "5"
                 *       }
                 *     }
                 */
                "application/json": {
                    client?: string;
                    issue_date?: string;
                    due_date?: string;
                    currency?: string;
                    line_items?: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    notes?: string;
                    terms?: string;
                    discount?: {
                        percent?: string;
                        amount?: string;
                    } | null;
                    prices_include_tax?: boolean;
                    supply_date?: string | null;
                    service_period?: {
                        start: string;
                        end: string;
                    } | null;
                    buyer_reference?: string | null;
                    purchase_order?: string | null;
                    locale?: string;
                    reminders_paused?: boolean;
                    exchange_rate?: {
                        /** @description At most 6 significant digits; within 10 times the ECB rate of the day the invoice takes when that day is stored, else 0.000001 to 1000000 */
                        rate: string;
                        from: string;
                        to: string;
                    } | null;
                    /**
                     * @description Keys to set; an empty string removes its key. Keys not named stay as they are
                     * @example {
                     *       "order_id": "6736",
                     *       "crm_deal": ""
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    sendInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "billing@globex.example"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    force?: boolean;
                    /** @enum {string} */
                    channel?: "email" | "peppol" | "auto";
                    resend?: boolean;
                    exchange_rate?: {
                        /** @description At most 6 significant digits; within 10 times the ECB rate of the day the invoice takes when that day is stored, else 0.000001 to 1000000 */
                        rate: string;
                        from: string;
                        to: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendResult"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            /** @description idempotency_conflict, conflict, invalid_state, recipient_suppressed, exchange_rate_unavailable, peppol_not_configured, peppol_unreachable, archive_mismatch */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "idempotency_conflict" | "conflict" | "invalid_state" | "recipient_suppressed" | "exchange_rate_unavailable" | "peppol_not_configured" | "peppol_unreachable" | "archive_mismatch";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["EInvoiceIncomplete"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["EmailDeliveryFailed"];
            503: components["responses"]["PeppolUnavailable"];
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidStateOrPaymentsNotConfigured"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    voidInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listPayments: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    recordPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "500.00",
                 *       "method": "bank_transfer",
                 *       "reference": "SEPA 2026-11-23"
                 *     }
                 */
                "application/json": {
                    amount: string;
                    currency?: string;
                    /** Format: date-time */
                    paid_at?: string;
                    /** @enum {string} */
                    method: "bank_transfer" | "card" | "cash" | "check" | "other";
                    reference?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordedPayment"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listReminders: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReminderList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    sendReminder: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "billing@globex.example"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendResult"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            /** @description idempotency_conflict, conflict, invalid_state, recipient_suppressed, archive_mismatch */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "idempotency_conflict" | "conflict" | "invalid_state" | "recipient_suppressed" | "archive_mismatch";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["EInvoiceIncomplete"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["EmailDeliveryFailed"];
        };
    };
    chargeLateFee: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "as_of": "2026-11-20"
                 *     }
                 */
                "application/json": {
                    as_of?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LateFee"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listQuotes: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "draft" | "sent" | "accepted" | "declined" | "expired";
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotePage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client": "cli_01JD3M8Q5W0000000000000000",
                 *       "currency": "EUR",
                 *       "expiry_date": "2026-12-31",
                 *       "line_items": [
                 *         {
                 *           "description": "Consulting, November",
                 *           "quantity": 10,
                 *           "unit": "HUR",
                 *           "unit_price": "120.00",
                 *           "tax_rate": "19"
                 *         },
                 *         {
                 *           "description": "Travel",
                 *           "quantity": 1,
                 *           "unit_price": "80.00",
                 *           "tax_rate": "19"
                 *         }
                 *       ],
                 *       "notes": "Prices valid for the scope described."
                 *     }
                 */
                "application/json": {
                    client: string;
                    line_items: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    issue_date?: string;
                    expiry_date?: string;
                    currency?: string;
                    notes?: string;
                    terms?: string;
                    discount?: {
                        percent?: string;
                        amount?: string;
                    } | null;
                    prices_include_tax?: boolean;
                    locale?: string;
                    /**
                     * @description Up to 50 keys of at most 40 characters (not __proto__, constructor or prototype) with values of at most 500; never printed on documents
                     * @example {
                     *       "order_id": "6735",
                     *       "crm_deal": "D-1022"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "expiry_date": "2027-01-15",
                 *       "discount": {
                 *         "percent": "5"
                 *       }
                 *     }
                 */
                "application/json": {
                    client?: string;
                    issue_date?: string;
                    expiry_date?: string;
                    currency?: string;
                    line_items?: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    notes?: string;
                    terms?: string;
                    discount?: {
                        percent?: string;
                        amount?: string;
                    } | null;
                    prices_include_tax?: boolean;
                    locale?: string;
                    /**
                     * @description Keys to set; an empty string removes its key. Keys not named stay as they are
                     * @example {
                     *       "order_id": "6736",
                     *       "crm_deal": ""
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    convertQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "deposit",
                 *       "percent": "30"
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    kind: "full";
                } | {
                    /** @constant */
                    kind: "final";
                } | {
                    /** @constant */
                    kind: "deposit";
                    percent?: string;
                    amount?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    sendQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "billing@globex.example"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SendResult"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            /** @description idempotency_conflict, conflict, invalid_state, recipient_suppressed */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "idempotency_conflict" | "conflict" | "invalid_state" | "recipient_suppressed";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["EmailDeliveryFailed"];
        };
    };
    getExchangeRate: {
        parameters: {
            query: {
                from: string;
                to?: string;
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExchangeRate"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            /** @description exchange_rate_unavailable */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "exchange_rate_unavailable",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "exchange_rate_unavailable";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getPeppolParticipant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                participant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PeppolLookup"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            /** @description peppol_not_configured */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "peppol_not_configured",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "peppol_not_configured";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PeppolUnavailable"];
        };
    };
    peppolStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                adapter: "storecove" | "phoss-ap";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PeppolReports"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrPeppolNotConfigured"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PeppolUnavailable"];
        };
    };
    peppolInbound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                adapter: "storecove" | "phoss-ap";
            };
            cookie?: never;
        };
        /** @description The file itself, at most 10551296 bytes */
        requestBody: {
            content: {
                "application/xml": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PeppolArrival"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrPeppolNotConfigured"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PeppolUnavailable"];
        };
    };
    listEmailSuppressions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailSuppressionPage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteEmailSuppression: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listInvoiceCreditNotes: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNoteList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lines": [
                 *         {
                 *           "line": 0,
                 *           "quantity": 2
                 *         }
                 *       ],
                 *       "reason": "order_change",
                 *       "memo": "Two hours not worked"
                 *     }
                 */
                "application/json": {
                    lines?: {
                        line: number;
                        quantity?: number | string;
                        amount?: string;
                    }[];
                    amount?: string;
                    description?: string;
                    currency?: string;
                    /** @enum {string} */
                    reason: "duplicate" | "fraudulent" | "order_change" | "product_unsatisfactory" | "other";
                    memo?: string;
                    /**
                     * @description Up to 50 keys of at most 40 characters (not __proto__, constructor or prototype) with values of at most 500; never printed on documents
                     * @example {
                     *       "order_id": "6735",
                     *       "crm_deal": "D-1022"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listCreditNotes: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                invoice?: string;
                client?: string;
                issue_date_from?: string;
                issue_date_to?: string;
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNotePage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "metadata": {
                 *         "refund_ticket": "T-4411",
                 *         "crm_case": ""
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Keys to set; an empty string removes its key. Keys not named stay as they are
                     * @example {
                     *       "order_id": "6736",
                     *       "crm_deal": ""
                     *     }
                     */
                    metadata: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditNote"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listIncomingInvoices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "received" | "accepted" | "rejected" | "paid" | "invalid";
                seller?: string;
                issue_date_from?: string;
                issue_date_to?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "id": "inc_01JD3M8Q5W0000000000000000",
                     *           "status": "received",
                     *           "status_reason": "string",
                     *           "misaddressed": true,
                     *           "source": {
                     *             "channel": "upload"
                     *           },
                     *           "syntax": "ubl-invoice",
                     *           "container": "xml",
                     *           "profile": "en16931",
                     *           "specification_id": "string",
                     *           "business_process": "string",
                     *           "document_type": "invoice",
                     *           "type_code": "string",
                     *           "number": "string",
                     *           "issue_date": "string",
                     *           "due_date": "string",
                     *           "currency": "string",
                     *           "total_amount": "string",
                     *           "amount_due": "string",
                     *           "seller": {
                     *             "name": "string",
                     *             "tax_id": "string",
                     *             "electronic_address": "string"
                     *           },
                     *           "buyer": {
                     *             "name": "string",
                     *             "tax_id": "string",
                     *             "electronic_address": "string"
                     *           },
                     *           "passed": true,
                     *           "fatal_rules": [
                     *             "string"
                     *           ],
                     *           "validation": {
                     *             "passed": true,
                     *             "checked": [
                     *               "schema"
                     *             ],
                     *             "schema_errors": [
                     *               "string"
                     *             ],
                     *             "fatal": [
                     *               {
                     *                 "id": "string",
                     *                 "severity": "fatal",
                     *                 "text": "string"
                     *               }
                     *             ],
                     *             "warnings": [
                     *               {
                     *                 "id": "string",
                     *                 "severity": "fatal",
                     *                 "text": "string"
                     *               }
                     *             ]
                     *           },
                     *           "view": {
                     *             "document_type": "invoice",
                     *             "type_code": "string",
                     *             "number": "string",
                     *             "issue_date": "string",
                     *             "due_date": "string",
                     *             "tax_point_date": "string",
                     *             "currency": "string",
                     *             "accounting_currency": "string",
                     *             "notes": [
                     *               "string"
                     *             ],
                     *             "buyer_reference": "string",
                     *             "project_reference": "string",
                     *             "contract_reference": "string",
                     *             "purchase_order": "string",
                     *             "sales_order": "string",
                     *             "preceding_invoices": [
                     *               {
                     *                 "number": "string",
                     *                 "issue_date": "string"
                     *               }
                     *             ],
                     *             "seller": {
                     *               "name": "string",
                     *               "trading_name": "string",
                     *               "tax_id": "string",
                     *               "tax_registration_id": "string",
                     *               "registration_number": "string",
                     *               "electronic_address": "string",
                     *               "address": {
                     *                 "line1": "string",
                     *                 "line2": "string",
                     *                 "line3": "string",
                     *                 "city": "string",
                     *                 "postal_code": "string",
                     *                 "state": "string",
                     *                 "country": "string"
                     *               },
                     *               "contact": {
                     *                 "name": "string",
                     *                 "phone": "string",
                     *                 "email": "string"
                     *               }
                     *             },
                     *             "buyer": {
                     *               "name": "string",
                     *               "trading_name": "string",
                     *               "tax_id": "string",
                     *               "tax_registration_id": "string",
                     *               "registration_number": "string",
                     *               "electronic_address": "string",
                     *               "address": {
                     *                 "line1": "string",
                     *                 "line2": "string",
                     *                 "line3": "string",
                     *                 "city": "string",
                     *                 "postal_code": "string",
                     *                 "state": "string",
                     *                 "country": "string"
                     *               },
                     *               "contact": {
                     *                 "name": "string",
                     *                 "phone": "string",
                     *                 "email": "string"
                     *               }
                     *             },
                     *             "delivery_date": "string",
                     *             "service_period": {
                     *               "start": "string",
                     *               "end": "string"
                     *             },
                     *             "line_items": [
                     *               {
                     *                 "id": "string",
                     *                 "description": "string",
                     *                 "item_description": "string",
                     *                 "note": "string",
                     *                 "quantity": "string",
                     *                 "unit": "string",
                     *                 "unit_price": "string",
                     *                 "price_base_quantity": "string",
                     *                 "net_amount": "string",
                     *                 "tax_category": "string",
                     *                 "tax_rate": "string",
                     *                 "period": {
                     *                   "start": "string",
                     *                   "end": "string"
                     *                 },
                     *                 "allowances_charges": [
                     *                   {
                     *                     "charge": true,
                     *                     "amount": "string",
                     *                     "base_amount": "string",
                     *                     "percentage": "string",
                     *                     "reason": "string",
                     *                     "reason_code": "string",
                     *                     "tax_category": "string",
                     *                     "tax_rate": "string"
                     *                   }
                     *                 ]
                     *               }
                     *             ],
                     *             "allowances_charges": [
                     *               {
                     *                 "charge": true,
                     *                 "amount": "string",
                     *                 "base_amount": "string",
                     *                 "percentage": "string",
                     *                 "reason": "string",
                     *                 "reason_code": "string",
                     *                 "tax_category": "string",
                     *                 "tax_rate": "string"
                     *               }
                     *             ],
                     *             "tax_breakdown": [
                     *               {
                     *                 "tax_category": "string",
                     *                 "tax_rate": "string",
                     *                 "taxable_amount": "string",
                     *                 "tax_amount": "string",
                     *                 "tax_exemption_reason": "string",
                     *                 "tax_exemption_reason_code": "string"
                     *               }
                     *             ],
                     *             "subtotal": "string",
                     *             "discount_amount": "string",
                     *             "charge_amount": "string",
                     *             "taxable_amount": "string",
                     *             "tax_amount": "string",
                     *             "tax_amount_in_accounting_currency": "string",
                     *             "total_amount": "string",
                     *             "amount_paid": "string",
                     *             "rounding_amount": "string",
                     *             "amount_due": "string",
                     *             "payment": {
                     *               "means_code": "string",
                     *               "remittance_reference": "string",
                     *               "iban": "string",
                     *               "account_name": "string",
                     *               "bic": "string",
                     *               "terms": "string"
                     *             },
                     *             "attachments": [
                     *               {
                     *                 "reference": "string",
                     *                 "description": "string",
                     *                 "external_url": "string",
                     *                 "file_name": "string",
                     *                 "media_type": "string"
                     *               }
                     *             ]
                     *           },
                     *           "original": {
                     *             "file_name": "string",
                     *             "media_type": "string",
                     *             "size": 0,
                     *             "sha256": "string",
                     *             "url": "http://example.com"
                     *           },
                     *           "attachments": [
                     *             {
                     *               "id": "string",
                     *               "reference": "string",
                     *               "file_name": "string",
                     *               "media_type": "string",
                     *               "size": 0,
                     *               "sha256": "string",
                     *               "external_url": "string",
                     *               "url": "http://example.com"
                     *             }
                     *           ],
                     *           "received_at": "2026-11-23T10:00:00.000Z",
                     *           "decided_at": "2026-11-23T10:00:00.000Z",
                     *           "responses": [
                     *             {
                     *               "code": "AB",
                     *               "status": "sent",
                     *               "transmission_id": "string",
                     *               "reason": "string",
                     *               "at": "2026-11-23T10:00:00.000Z"
                     *             }
                     *           ],
                     *           "updated_at": "2026-11-23T10:00:00.000Z"
                     *         }
                     *       ],
                     *       "next": "http://example.com"
                     *     }
                     */
                    "application/json": {
                        results: components["schemas"]["IncomingInvoice"][];
                        next: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createIncomingInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file itself, at most 10485760 bytes */
        requestBody: {
            content: {
                "application/xml": string;
                "application/pdf": string;
            };
        };
        responses: {
            /** @description Exists already: the stored one */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description e_invoice_unreadable */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "e_invoice_unreadable",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "e_invoice_unreadable";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIncomingInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIncomingInvoiceOriginal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIncomingInvoiceAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                attachment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "application/vnd.oasis.opendocument.spreadsheet": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIncomingInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getIncomingInvoiceHtml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    acceptIncomingInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Booked against PO-2026-91"
                 *     }
                 */
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectIncomingInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "The order number is not ours"
                 *     }
                 */
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    markIncomingInvoicePaid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Paid by transfer on 2026-12-01"
                 *     }
                 */
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncomingInvoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listArchive: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                document?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "results": [
                     *         {
                     *           "id": "arc_01JD3M8Q5W0000000000000000",
                     *           "document": {
                     *             "type": "invoice",
                     *             "id": "string",
                     *             "number": "string"
                     *           },
                     *           "kind": "document",
                     *           "format": "pdf",
                     *           "reason": "issued",
                     *           "sending_id": "string",
                     *           "key": "string",
                     *           "sha256": "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
                     *           "size": 0,
                     *           "media_type": "string",
                     *           "file_name": "string",
                     *           "written_at": "2026-11-23T10:00:00.000Z",
                     *           "retain_until": "2026-11-23T10:00:00.000Z",
                     *           "url": "http://example.com"
                     *         }
                     *       ],
                     *       "next": "http://example.com"
                     *     }
                     */
                    "application/json": {
                        results: components["schemas"]["ArchiveRecord"][];
                        next: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    verifyArchive: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArchiveVerification"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getArchiveRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description The SHA-256 of the bytes (RFC 9530): `sha-256=:<base64>:` */
                    "Repr-Digest"?: string;
                    /** @description The same SHA-256, hex, as the record gives it */
                    "X-Archive-Sha256"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "message/rfc822": string;
                    "application/octet-stream": string;
                    "application/pdf": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "application/vnd.oasis.opendocument.spreadsheet": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ArchiveMismatch"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "invoices",
                 *       "format": "csv",
                 *       "from": "2026-11-01",
                 *       "to": "2026-11-30"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    kind: "invoices" | "credit_notes" | "payments" | "clients" | "archive";
                    /** @enum {string} */
                    format?: "csv" | "datev" | "zip";
                    from: string;
                    to: string;
                    /** @default false */
                    include_drafts?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    sendCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "billing@globex.example"
                 *     }
                 */
                "application/json": {
                    /** Format: email */
                    email?: string;
                    force?: boolean;
                    /** @enum {string} */
                    channel?: "email" | "peppol" | "auto";
                    resend?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentSendResult"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            /** @description idempotency_conflict, conflict, recipient_suppressed, peppol_not_configured, peppol_unreachable, archive_mismatch */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "idempotency_conflict",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "idempotency_conflict" | "conflict" | "recipient_suppressed" | "peppol_not_configured" | "peppol_unreachable" | "archive_mismatch";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["EInvoiceIncomplete"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["EmailDeliveryFailed"];
            503: components["responses"]["PeppolUnavailable"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": "100.00",
                 *       "method": "bank_transfer",
                 *       "reference": "Refund of credit note CN-0001"
                 *     }
                 */
                "application/json": {
                    amount: string;
                    currency?: string;
                    /**
                     * @default other
                     * @enum {string}
                     */
                    method?: "bank_transfer" | "card" | "cash" | "check" | "other";
                    reference?: string;
                    /**
                     * @default manual
                     * @enum {string}
                     */
                    refund_via?: "manual" | "stripe" | "sandbox";
                    /** Format: date-time */
                    refunded_at?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidStateOrPaymentsNotConfigured"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getInvoiceEInvoice: {
        parameters: {
            query: {
                format: "ubl" | "cii" | "xrechnung-ubl" | "xrechnung-cii" | "peppol" | "factur-x";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["InvalidStateOrArchiveMismatch"];
            422: components["responses"]["EInvoiceIncomplete"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getCreditNoteEInvoice: {
        parameters: {
            query: {
                format: "ubl" | "cii" | "xrechnung-ubl" | "xrechnung-cii" | "peppol" | "factur-x";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ArchiveMismatch"];
            422: components["responses"]["EInvoiceIncomplete"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getRevenueReport: {
        parameters: {
            query: {
                period: "monthly" | "quarterly" | "yearly";
                start_date: string;
                end_date?: string;
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueReport"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listRecurringInvoices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoiceList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createRecurringInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "client": "cli_01JD3M8Q5W0000000000000000",
                 *       "frequency": "monthly",
                 *       "start_date": "2026-12-01",
                 *       "line_items": [
                 *         {
                 *           "description": "Hosting",
                 *           "quantity": 1,
                 *           "unit_price": "49.00",
                 *           "tax_rate": "19"
                 *         }
                 *       ],
                 *       "auto_send": true
                 *     }
                 */
                "application/json": {
                    client: string;
                    /** @enum {string} */
                    frequency: "weekly" | "monthly" | "quarterly" | "yearly";
                    line_items: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    /** @default 1 */
                    interval?: number;
                    start_date?: string;
                    end_date?: string;
                    max_count?: number;
                    day_of_month?: number;
                    /** @default 30 */
                    due_in_days?: number;
                    currency?: string;
                    notes?: string;
                    terms?: string;
                    buyer_reference?: string;
                    purchase_order?: string;
                    /** @default false */
                    auto_send?: boolean;
                    /** Format: email */
                    send_to?: string;
                    /**
                     * @description Up to 50 keys of at most 40 characters (not __proto__, constructor or prototype) with values of at most 500; never printed on documents
                     * @example {
                     *       "order_id": "6735",
                     *       "crm_deal": "D-1022"
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getRecurringInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    endRecurringInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateRecurringInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "max_count": 12
                 *     }
                 */
                "application/json": {
                    line_items?: {
                        description: string;
                        unit?: string;
                        quantity: number | string;
                        unit_price: string;
                        tax_rate?: string;
                        /** @enum {string} */
                        tax_category?: "S" | "Z" | "E" | "AE" | "K" | "G" | "O";
                        tax_exemption_reason?: string;
                        discount?: {
                            percent?: string;
                            amount?: string;
                        };
                    }[];
                    end_date?: string | null;
                    max_count?: number | null;
                    day_of_month?: number;
                    due_in_days?: number;
                    currency?: string;
                    notes?: string;
                    terms?: string;
                    buyer_reference?: string | null;
                    purchase_order?: string | null;
                    auto_send?: boolean;
                    send_to?: string | null;
                    /**
                     * @description Keys to set; an empty string removes its key. Keys not named stay as they are
                     * @example {
                     *       "order_id": "6736",
                     *       "crm_deal": ""
                     *     }
                     */
                    metadata?: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ConflictOrInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listGeneratedInvoices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoicePage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    pauseRecurringInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    resumeRecurringInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecurringInvoice"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflictOrInvalidState"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/invoicing",
                 *       "events": [
                 *         "invoice.paid",
                 *         "invoice.overdue"
                 *       ]
                 *     }
                 */
                "application/json": {
                    url: string;
                    events: ("*" | "organization.updated" | "client.created" | "client.updated" | "client.archived" | "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.reminder_sent" | "invoice.paid" | "invoice.overdue" | "invoice.voided" | "invoice.credited" | "invoice.email_delivered" | "invoice.email_bounced" | "invoice.email_complained" | "invoice.peppol_queued" | "invoice.peppol_sent" | "invoice.peppol_delivered" | "invoice.peppol_failed" | "payment.received" | "credit_note.created" | "credit_note.updated" | "credit_note.sent" | "credit_note.email_delivered" | "credit_note.email_bounced" | "credit_note.email_complained" | "credit_note.peppol_queued" | "credit_note.peppol_sent" | "credit_note.peppol_delivered" | "credit_note.peppol_failed" | "refund.created" | "refund.succeeded" | "refund.failed" | "quote.created" | "quote.updated" | "quote.sent" | "quote.accepted" | "quote.declined" | "quote.expired" | "quote.email_delivered" | "quote.email_bounced" | "quote.email_complained" | "incoming_invoice.received" | "incoming_invoice.invalid" | "incoming_invoice.duplicate" | "incoming_invoice.accepted" | "incoming_invoice.rejected" | "incoming_invoice.paid" | "archive_record.written" | "export.created" | "export.completed" | "export.failed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.ended" | "member.added" | "member.updated" | "member.removed" | "invitation.created" | "invitation.revoked" | "api_key.created" | "api_key.disabled" | "api_key.enabled" | "api_key.revoked" | "email_suppression.deleted" | "webhook.created" | "webhook.updated" | "webhook.secret_rotated" | "webhook.deleted" | "webhook.disabled" | "ping")[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "*"
                 *       ]
                 *     }
                 */
                "application/json": {
                    url?: string;
                    events?: ("*" | "organization.updated" | "client.created" | "client.updated" | "client.archived" | "invoice.created" | "invoice.updated" | "invoice.sent" | "invoice.reminder_sent" | "invoice.paid" | "invoice.overdue" | "invoice.voided" | "invoice.credited" | "invoice.email_delivered" | "invoice.email_bounced" | "invoice.email_complained" | "invoice.peppol_queued" | "invoice.peppol_sent" | "invoice.peppol_delivered" | "invoice.peppol_failed" | "payment.received" | "credit_note.created" | "credit_note.updated" | "credit_note.sent" | "credit_note.email_delivered" | "credit_note.email_bounced" | "credit_note.email_complained" | "credit_note.peppol_queued" | "credit_note.peppol_sent" | "credit_note.peppol_delivered" | "credit_note.peppol_failed" | "refund.created" | "refund.succeeded" | "refund.failed" | "quote.created" | "quote.updated" | "quote.sent" | "quote.accepted" | "quote.declined" | "quote.expired" | "quote.email_delivered" | "quote.email_bounced" | "quote.email_complained" | "incoming_invoice.received" | "incoming_invoice.invalid" | "incoming_invoice.duplicate" | "incoming_invoice.accepted" | "incoming_invoice.rejected" | "incoming_invoice.paid" | "archive_record.written" | "export.created" | "export.completed" | "export.failed" | "recurring_invoice.created" | "recurring_invoice.updated" | "recurring_invoice.paused" | "recurring_invoice.resumed" | "recurring_invoice.ended" | "member.added" | "member.updated" | "member.removed" | "invitation.created" | "invitation.revoked" | "api_key.created" | "api_key.disabled" | "api_key.enabled" | "api_key.revoked" | "email_suppression.deleted" | "webhook.created" | "webhook.updated" | "webhook.secret_rotated" | "webhook.deleted" | "webhook.disabled" | "ping")[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PingQueued"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    retryDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 characters; the same key with another body is 409 idempotency_conflict. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryQueued"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["AuthenticationRequiredOrInvalidTokenOrTokenExpired"];
            403: components["responses"]["InsufficientScopeOrPermissionDeniedOrOrganizationAccessDenied"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyConflictOrConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
        };
    };
    viewPublicCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    downloadPublicCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["ArchiveMismatch"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadPublicCreditNoteEInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["ArchiveMismatch"];
            422: components["responses"]["EInvoiceIncomplete"];
            500: components["responses"]["InternalError"];
        };
    };
    viewPublicInvoice: {
        parameters: {
            query?: {
                payment?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    downloadPublicInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["ArchiveMismatch"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadPublicEInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["InvalidStateOrArchiveMismatch"];
            422: components["responses"]["EInvoiceIncomplete"];
            500: components["responses"]["InternalError"];
        };
    };
    payPublicInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description See other */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description conflict, invalid_state, payments_not_configured */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "conflict",
                     *         "message": "What was refused and why, in one sentence"
                     *       }
                     *     }
                     */
                    "application/json": {
                        error: {
                            /** @enum {string} */
                            code: "conflict" | "invalid_state" | "payments_not_configured";
                            message: string;
                            details?: components["schemas"]["ErrorDetails"];
                        };
                    };
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    viewPublicQuote: {
        parameters: {
            query?: {
                notice?: string;
            };
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    answerPublicQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "accept",
                 *       "version": "2",
                 *       "name": "Ada Reader"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    decision: "accept" | "decline";
                    version: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description See other */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidJsonOrValidationError"];
            403: components["responses"]["PermissionDenied"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
        };
    };
    downloadPublicQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    viewSandboxCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            500: components["responses"]["InternalError"];
        };
    };
    completeSandboxCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                outcome: "pay" | "fail";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description See other */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    /** @description Where the browser goes next */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            /** @description No such document: an HTML page says so */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    stripeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StripeReceipt"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
        };
    };
    onOrganizationUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrganizationUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onClientCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onClientUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onClientArchived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientArchivedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceReminderSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceReminderSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePaid: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoicePaidEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceOverdue: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceOverdueEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceVoided: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceVoidedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceCredited: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceCreditedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceEmailDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceEmailDeliveredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceEmailBounced: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceEmailBouncedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoiceEmailComplained: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoiceEmailComplainedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePeppolQueued: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoicePeppolQueuedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePeppolSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoicePeppolSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePeppolDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoicePeppolDeliveredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePeppolFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvoicePeppolFailedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentReceivedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteEmailDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteEmailDeliveredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteEmailBounced: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteEmailBouncedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNoteEmailComplained: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNoteEmailComplainedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNotePeppolQueued: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNotePeppolQueuedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNotePeppolSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNotePeppolSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNotePeppolDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNotePeppolDeliveredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCreditNotePeppolFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditNotePeppolFailedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundSucceeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundSucceededEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundFailedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteSent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteSentEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteAccepted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteAcceptedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteDeclined: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteDeclinedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteExpired: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteExpiredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteEmailDelivered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteEmailDeliveredEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteEmailBounced: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteEmailBouncedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onQuoteEmailComplained: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteEmailComplainedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoiceReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoiceReceivedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoiceInvalid: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoiceInvalidEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoiceDuplicate: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoiceDuplicateEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoiceAccepted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoiceAcceptedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoiceRejected: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoiceRejectedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onIncomingInvoicePaid: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncomingInvoicePaidEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onArchiveRecordWritten: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArchiveRecordWrittenEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onExportCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onExportCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportCompletedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onExportFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExportFailedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecurringInvoiceCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecurringInvoiceCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecurringInvoiceUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecurringInvoiceUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecurringInvoicePaused: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecurringInvoicePausedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecurringInvoiceResumed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecurringInvoiceResumedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRecurringInvoiceEnded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecurringInvoiceEndedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMemberAdded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberAddedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMemberUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onMemberRemoved: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MemberRemovedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvitationCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvitationRevoked: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationRevokedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApiKeyCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApiKeyDisabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyDisabledEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApiKeyEnabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyEnabledEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onApiKeyRevoked: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyRevokedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onEmailSuppressionDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailSuppressionDeletedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookSecretRotated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSecretRotatedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookDeleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookDeletedEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookDisabled: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookDisabledEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPing: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id: the same on every attempt and retry, so receivers can de-duplicate */
                "webhook-id": string;
                /** @description Unix seconds when this attempt was signed; refuse old ones */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the subscription secret; space-separated, two during a secret rotation */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PingEvent"];
            };
        };
        responses: {
            /** @description Received; anything else is retried on the schedule, and 410 disables the subscription */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
