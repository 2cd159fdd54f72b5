// The organization's bank transactions, newest booking date first, by status, direction, review,
// booking dates, amount and text.
import { config } from '#shared/config';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listBankTransactionsQuery, transactionFilterOf } from '#shared/http/schemas/bank-statements';
import { listTransactions } from '#shared/reconciliation/list-bank-transactions';
import { route } from '#functions/list-bank-transactions/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(
  route,
  { query: listBankTransactionsQuery },
  async ({ db, organizationId, query, baseUrl }) => {
    const { limit, cursor, ...rest } = query;
    const asked = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    const scope = `${organizationId}|bank-transactions|${JSON.stringify(asked)}`;
    const link = { scope, baseUrl, path: '/api/v1/bank-transactions/', query: { limit: String(limit), ...asked } };
    const list = listing(await cursorKey(), link, cursor);
    const filter = transactionFilterOf(query);
    const page = await listTransactions(db, organizationId, filter, { limit, startKey: list.startKey });
    return { status: 200, body: list.page(page, bankTransactionResource) };
  },
);
