// Permissions a credential can carry. Each route in functions/routes.ts names the one it needs.

export const ALL_SCOPES = [
  'organization:read',
  'organization:write',
  'clients:read',
  'clients:write',
  'invoices:read',
  'invoices:write',
  'invoices:send',
  'payments:write',
  'credit_notes:read',
  'credit_notes:write',
  'quotes:read',
  'quotes:write',
  'incoming_invoices:read',
  'incoming_invoices:write',
  'events:read',
  'recurring:read',
  'recurring:write',
  'reports:read',
  'webhooks:read',
  'webhooks:write',
  'api_keys:manage',
  'members:manage',
  'audit_log:read',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** Scopes an API key may be given; managing keys and members is reserved to signed-in owners and admins. */
export const API_KEY_SCOPES: readonly Scope[] = ALL_SCOPES.filter(
  (scope) => scope !== 'api_keys:manage' && scope !== 'members:manage' && scope !== 'audit_log:read',
);
