// The one table of HTTP routes. The CDK stack creates a function and an API route for each entry;
// infra/local serves the same entries; the tenant-isolation tests iterate it too.

import type { Scope } from '../shared/auth/scopes.ts';

/** What a route's function may do to the table; the stack grants exactly this. */
export type TableAccess = 'read' | 'readWrite';

export type Route = {
  /** Function folder under functions/, and the function's logical name. */
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** API Gateway path syntax, with the trailing slash of the spec. */
  path: `/api/v1/${string}/`;
  scope: Scope;
  table: TableAccess;
};

export const ROUTES = [
  { name: 'get-organization', method: 'GET', path: '/api/v1/organizations/me/', scope: 'organization:read', table: 'read' },
  { name: 'create-client', method: 'POST', path: '/api/v1/clients/', scope: 'clients:write', table: 'readWrite' },
  { name: 'list-clients', method: 'GET', path: '/api/v1/clients/', scope: 'clients:read', table: 'read' },
  { name: 'get-client', method: 'GET', path: '/api/v1/clients/{id}/', scope: 'clients:read', table: 'read' },
  { name: 'update-client', method: 'PATCH', path: '/api/v1/clients/{id}/', scope: 'clients:write', table: 'readWrite' },
  { name: 'archive-client', method: 'DELETE', path: '/api/v1/clients/{id}/', scope: 'clients:write', table: 'readWrite' },
  { name: 'create-invoice', method: 'POST', path: '/api/v1/invoices/', scope: 'invoices:write', table: 'readWrite' },
  { name: 'list-invoices', method: 'GET', path: '/api/v1/invoices/', scope: 'invoices:read', table: 'read' },
  { name: 'get-invoice', method: 'GET', path: '/api/v1/invoices/{id}/', scope: 'invoices:read', table: 'read' },
  { name: 'update-invoice', method: 'PATCH', path: '/api/v1/invoices/{id}/', scope: 'invoices:write', table: 'readWrite' },
] as const satisfies readonly Route[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function routeNamed(name: RouteName): Route {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`no route named ${name}`);
  return route;
}
