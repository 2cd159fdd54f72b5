// A client's statement of account as the API answers it and the document renderer prints it: money
// as two-decimal strings, one section per currency.
import type { Client } from '#shared/domain/client';
import { formatMinor } from '#shared/domain/decimal';
import { AGEING_BUCKETS, type CurrencyStatement } from '#shared/domain/statement';

export type Statement = { client: Client; from: string | null; to: string; currencies: CurrencyStatement[] };

export const statementResource = ({ client, from, to, currencies }: Statement) => ({
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
    ageing: Object.fromEntries(
      AGEING_BUCKETS.map((bucket) => [bucket, formatMinor(statement.ageing[bucket])]),
    ) as Record<(typeof AGEING_BUCKETS)[number], string>,
  })),
});

export type StatementResource = ReturnType<typeof statementResource>;
