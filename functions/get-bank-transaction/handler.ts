// One booked bank transaction.
import { getBankTransaction } from '#shared/data/bank-transactions';
import { notFound } from '#shared/domain/errors';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { transactionParams } from '#shared/http/schemas/bank-statements';
import { route } from '#functions/get-bank-transaction/route';

export const handler = endpoint(route, { params: transactionParams }, async ({ db, organizationId, params }) => {
  const transaction = await getBankTransaction(db, organizationId, params.id);
  if (!transaction) throw notFound('Bank transaction');
  return { status: 200, body: bankTransactionResource(transaction) };
});
