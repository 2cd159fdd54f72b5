// A transfer matched by hand to an invoice: the payment recorded with the transaction's change.
import { config } from '#shared/config';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { matchOf, matchTransactionBody, transactionParams } from '#shared/http/schemas/bank-statements';
import { matchBankTransaction } from '#shared/reconciliation/match-bank-transaction';
import { route } from '#functions/match-bank-transaction/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(
  route,
  { params: transactionParams, body: matchTransactionBody },
  async ({ db, organizationId, params, body }) => {
    const transaction = await matchBankTransaction({ db, publicBaseUrl }, organizationId, params.id, matchOf(body));
    return { status: 200, body: bankTransactionResource(transaction) };
  },
);
