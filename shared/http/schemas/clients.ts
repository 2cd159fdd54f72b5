import * as z from 'zod';
import { listLimit } from './common.ts';

const text = (max: number) => z.string().trim().min(1, 'may not be empty').max(max, `may have at most ${max} characters`);

const clientFields = {
  name: text(200),
  email: z.email('must be an e-mail address').max(254),
  phone: text(40).optional(),
  address: text(500).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  postal_code: text(20).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as "US"').optional(),
};

export const createClientBody = z.strictObject(clientFields);
export type CreateClientBody = z.infer<typeof createClientBody>;

export const updateClientBody = z.strictObject(clientFields).partial()
  .refine((body) => Object.keys(body).length > 0, 'must set at least one field');
export type UpdateClientBody = z.infer<typeof updateClientBody>;

export const listClientsQuery = z.strictObject({
  limit: listLimit,
  cursor: z.string().max(2048).optional(),
  is_active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
