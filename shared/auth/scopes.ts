// Permissions a credential can carry. Each route in functions/routes.ts names the one it needs.

export const ALL_SCOPES = ['organization:read', 'clients:read', 'clients:write', 'invoices:read', 'invoices:write'] as const;

export type Scope = (typeof ALL_SCOPES)[number];
