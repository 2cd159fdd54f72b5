// Which specification a received document claims (BT-24), and so which rules judge it: the CEN rules
// always, and the Peppol BIS Billing or XRechnung rules where it claims them. Factur-X and ZUGFeRD
// share identifiers (ZUGFeRD 2.x is Factur-X 1.0); their MINIMUM and BASIC WL profiles are not
// EN 16931 invoices, and the CEN rules say so.
import type { IncomingProfile } from '#shared/domain/incoming-invoice';

const PROFILES: [RegExp, IncomingProfile][] = [
  [/urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/, 'peppol-bis-billing-3'],
  [/urn:xeinkauf\.de:kosit:xrechnung_3/, 'xrechnung-3'],
  [/urn:factur-x\.eu:1p0:minimum$/, 'factur-x-minimum'],
  [/urn:factur-x\.eu:1p0:basicwl$/, 'factur-x-basic-wl'],
  [/urn:factur-x\.eu:1p0:basic$/, 'factur-x-basic'],
  [/urn:factur-x\.eu:1p0:extended$/, 'factur-x-extended'],
  [/^urn:cen\.eu:en16931:2017$/, 'en16931'],
];

export function profileOf(specificationId: string | null): IncomingProfile {
  if (!specificationId) return 'unknown';
  return PROFILES.find(([pattern]) => pattern.test(specificationId))?.[1] ?? 'other';
}

/** The national or network rules a profile adds to the CEN rules. */
export const rulesOf = (profile: IncomingProfile) =>
  profile === 'peppol-bis-billing-3' ? { peppol: true } : profile === 'xrechnung-3' ? { xrechnung: true } : {};
