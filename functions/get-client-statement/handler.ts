// A client's statement of account: opening balance, every document and payment of the period with a
// running balance per currency, closing balance and ageing (docs/collections.md "Statements"); as a
// PDF in the client's language when the request's Accept asks for application/pdf.
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { statementResource } from '#shared/domain/resources/statement';
import { clientStatement, printedStatement } from '#shared/invoicing/client-statement';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { VARY_ACCEPT, wantsPdf } from '#shared/http/negotiation';
import { statementQuery } from '#shared/http/schemas/clients';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/get-client-statement/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = endpoint(
  route,
  { params: idParams('cli'), query: statementQuery },
  async ({ db, organizationId, params, query, headers }) => {
    const found = await clientStatement(db, organizationId, params.id, query);
    const body = statementResource(found);
    if (!wantsPdf(headers)) return { status: 200, body, headers: VARY_ACCEPT };
    const file = await renderer.render(await printedStatement(db, found, body, PUBLIC_BASE_URL));
    return fileReply(file, 'attachment', VARY_ACCEPT);
  },
);
