import type { ClientFields } from '#shared/domain/client';
import { validationError } from '#shared/domain/errors';
import { taxIdProblem } from '#shared/domain/seller';

/** A tax number must be one of the client's country, where that country's numbers can be checked. */
export function assertTaxId(client: Pick<ClientFields, 'tax_id' | 'country'>) {
  const problem = client.tax_id && taxIdProblem(client.tax_id, client.country);
  if (problem) throw validationError({ tax_id: problem });
}
