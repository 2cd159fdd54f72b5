// A client's statement of account: opening balance, every document and payment of the period with a
// running balance per currency, closing balance and ageing (docs/collections.md "Statements").
import { formatMinor } from '#shared/domain/decimal';
import { AGEING_BUCKETS } from '#shared/domain/statement';
import { clientStatement } from '#shared/invoicing/client-statement';
import { endpoint } from '#shared/http/endpoint';
import { statementQuery } from '#shared/http/schemas/clients';
import { idParams } from '#shared/http/schemas/common';
import { statementResponse } from '#shared/http/schemas/responses/clients';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('get-client-statement'),
  { params: idParams('cli'), query: statementQuery, response: statementResponse },
  async ({ db, organizationId, params, query }) => {
    const { client, from, to, currencies } = await clientStatement(db, organizationId, params.id, query);
    const body = {
      client: { id: client.id, name: client.name },
      from,
      to,
      currencies: currencies.map((statement) => ({
        currency: statement.currency,
        opening_balance: formatMinor(statement.opening_minor),
        entries: statement.entries.map(({ amount_minor, balance_minor, currency: _currency, ...entry }) => ({
          ...entry,
          amount: formatMinor(amount_minor),
          balance: formatMinor(balance_minor),
        })),
        closing_balance: formatMinor(statement.closing_minor),
        ageing: Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, formatMinor(statement.ageing[bucket])])),
      })),
    };
    return { status: 200, body };
  },
);
