// A transfer's match undone by hand: its payments taken back, the transaction set for review.
import { config } from '#shared/config';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { transactionParams } from '#shared/http/schemas/bank-statements';
import { unmatchBankTransaction } from '#shared/reconciliation/unmatch-bank-transaction';
import { route } from '#functions/unmatch-bank-transaction/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(route, { params: transactionParams }, async ({ db, organizationId, params }) => {
  const transaction = await unmatchBankTransaction({ db, publicBaseUrl }, organizationId, params.id);
  return { status: 200, body: bankTransactionResource(transaction) };
});
