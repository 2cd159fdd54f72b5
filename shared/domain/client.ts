// A client of an organization: who invoices are billed to.
import type { Metadata } from '#shared/domain/metadata';
import { invalidState, notFound } from '#shared/domain/errors';

export type ClientFields = {
  name: string;
  email: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  /** VAT or other tax number, checked against `country` like the seller's. */
  tax_id?: string;
  /** Where e-invoices reach it (EN 16931 BT-49), `scheme:value` such as `0208:0123456789`. */
  peppol_id?: string;
  /** BCP 47: documents to this client are written in its language. */
  locale?: string;
  /** `off`: the organization's reminder schedule skips this client; absent: on. */
  reminders?: 'on' | 'off';
  /** A business (B2B) although it has no tax_id: late fees include the fixed compensation. */
  business?: boolean;
};

export type Client = ClientFields & {
  id: string;
  /** The integrator's keys and values (shared/domain/metadata.ts). */
  metadata?: Metadata;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  version: number;
};

export const clientArchived = () => invalidState('The client is archived; new invoices cannot be billed to it');

/** A client may be billed while it is active; an archived one keeps its invoices and takes no new ones. */
export function assertBillable(client: Client | undefined): asserts client is Client {
  if (!client) throw notFound('Client');
  if (!client.is_active) throw clientArchived();
}
