// A late fee for an invoice paid late or still unpaid: interest and compensation, issued as an
// invoice of its own that refers to the original (docs/collections.md "Late fees").
import { config } from '#shared/config';
import { formatMinor } from '#shared/domain/decimal';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { chargeLateFee } from '#shared/invoicing/charge-late-fee';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { chargeLateFeeBody } from '#shared/http/schemas/late-fees';
import { route } from '#functions/charge-late-fee/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: chargeLateFeeBody },
  async ({ db, organizationId, params, body }) => {
    const { invoice, breakdown } = await chargeLateFee({ db, publicBaseUrl }, organizationId, params.id, body.as_of);
    const rows = breakdown.rows.map(({ base_minor, interest_minor, ...row }) => ({
      ...row,
      base: formatMinor(base_minor),
      interest: formatMinor(interest_minor),
    }));
    const total = breakdown.interest_minor + breakdown.compensation_minor;
    return {
      status: 201,
      body: {
        invoice: invoiceResource(invoice, publicBaseUrl),
        breakdown: {
          as_of: breakdown.as_of,
          rows,
          interest: formatMinor(breakdown.interest_minor),
          compensation: formatMinor(breakdown.compensation_minor),
          total: formatMinor(total),
        },
      },
    };
  },
);
