// Each organization's receiving address for e-invoices by e-mail: its id, in lower case, at the
// deployment's receiving domain (`org_01j…@invoices.example.com`). The address names the inbox, and
// only which inbox: whoever may send an invoice may write to it, so it is no secret.
const LOCAL_PART = /^org_([0-9a-hjkmnp-tv-z]{26})$/i;

export const inboundAddressOf = (organizationId: string, domain: string) =>
  `${organizationId.toLowerCase()}@${domain.toLowerCase()}`;

/** The organization an address at `domain` names, or undefined for any other address. */
export function organizationOfAddress(address: string, domain: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  const ulid = LOCAL_PART.exec(address.slice(0, at).trim())?.[1];
  return ulid ? `org_${ulid.toUpperCase()}` : undefined;
}
