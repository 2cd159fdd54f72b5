import type { Scope } from './scopes.ts';

/** Who is calling, resolved once per request from the credential and nothing else. */
export type Principal = {
  organizationId: string;
  kind: 'api_key';
  /** The API key id (`key_…`). */
  credentialId: string;
  scopes: readonly Scope[];
};
