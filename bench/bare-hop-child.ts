// Entry of the bare hop (bench/api-process.ts): an HTTP server that runs an organization's invoice
// Query through the service's client and answers its items as they are, and does nothing else. Against
// it, the list rows tell what an HTTP hop costs from what the service's own request handling costs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, query } from '#shared/data/table';
import { BY, indexQuery, invoicesOfOrganization } from '#shared/data/keys';

const db = createDb(process.env.TABLE_NAME!);
/** GET /{organizationId}: the organization's newest 25 invoices, as the list route queries them. */
const server = createServer(async (request, response) => {
  const organizationId = decodeURIComponent((request.url ?? '/').slice(1));
  const { Items } = await query(db, {
    ...indexQuery(BY.invoicesByIssueDate, invoicesOfOrganization(organizationId)),
    ScanIndexForward: false,
    Limit: 25,
  });
  const body = Buffer.from(JSON.stringify({ results: Items }));
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  response.end(body);
});
server.listen(Number(process.env.BENCH_API_PORT), '127.0.0.1', () =>
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
);
process.once('disconnect', () => server.close(() => process.exit(0)));
