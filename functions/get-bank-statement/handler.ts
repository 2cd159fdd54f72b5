// An import's status and counts, as the statement worker left them.
import { getBankStatement } from '#shared/data/bank-statements';
import { notFound } from '#shared/domain/errors';
import { bankStatementResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/get-bank-statement/route';

export const handler = endpoint(route, { params: idParams('bst') }, async ({ db, organizationId, params }) => {
  const job = await getBankStatement(db, organizationId, params.id);
  if (!job) throw notFound('Bank statement');
  return { status: 200, body: bankStatementResource(job) };
});
