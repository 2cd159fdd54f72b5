// A participant's entry in the Peppol SMP, for access points that offer no lookup of their own
// (phoss-ap): where its SMP is (the SML's DNS, or one fixed SMP), and which document types its
// ServiceGroup lists. The SMP's answer is read by saxes, a strict non-validating parser, with any
// DOCTYPE refused: no entity of it is expanded and nothing it names is fetched.
import { createHash } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { SaxesParser } from 'saxes';
import { participantUri } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import { AccessPointUnavailable } from '#shared/peppol/access-point';
import { accessPointRequest } from '#shared/peppol/access-point-http';

export type SmpLocation = { smpUrl: string } | { smlZone: string };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, as the SML names a participant's DNS entry. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The participant's NAPTR name: base32(SHA-256(lower-case id)) under the scheme and the zone. */
export function smlHostname(participant: PeppolParticipant, zone: string): string {
  const id = `${participant.scheme}:${participant.identifier}`.toLowerCase();
  return `${base32(createHash('sha256').update(id).digest())}.iso6523-actorid-upis.${zone}`;
}

/** The SMP's base URL from the NAPTR record of service `Meta:SMP` (its regexp `!^.*$!https://…!`). */
async function smpFromDns(participant: PeppolParticipant, zone: string): Promise<string | undefined> {
  let records: Awaited<ReturnType<typeof dns.resolveNaptr>>;
  try {
    records = await dns.resolveNaptr(smlHostname(participant, zone));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return undefined;
    throw new AccessPointUnavailable(`the SML's DNS did not answer: ${code ?? String(error)}`);
  }
  const record = records.find((naptr) => naptr.service === 'Meta:SMP' && naptr.flags.toUpperCase() === 'U');
  const url = record && /^!\^\.\*\$!(https?:\/\/[^!]+)!$/.exec(record.regexp)?.[1];
  return url?.replace(/\/+$/, '');
}

/** The document type ids a ServiceGroup lists, each the decoded end of a reference after `/services/`. */
export function serviceGroupDocumentTypes(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const types: string[] = [];
  parser.on('doctype', () => {
    throw new Error('the SMP answered a document with a DOCTYPE');
  });
  parser.on('opentag', (tag) => {
    if (tag.local !== 'ServiceMetadataReference') return;
    const href = tag.attributes.href?.value ?? '';
    const at = href.indexOf('/services/');
    if (at < 0) return;
    let id = href.slice(at + '/services/'.length);
    // Some SMPs encode the id twice; an id is never itself percent-encoded text.
    for (let round = 0; round < 2 && /%[0-9A-Fa-f]{2}/.test(id); round += 1) id = decodeURIComponent(id);
    types.push(id);
  });
  parser.write(xml).close();
  return types;
}

/** The participant's document type ids, or undefined when no SMP knows it. */
export async function smpDocumentTypes(
  participant: PeppolParticipant,
  location: SmpLocation,
): Promise<string[] | undefined> {
  const base = 'smpUrl' in location ? location.smpUrl : await smpFromDns(participant, location.smlZone);
  if (!base) return undefined;
  const answer = await accessPointRequest(`${base}/${encodeURIComponent(participantUri(participant))}`, {
    method: 'GET',
    headers: { accept: 'application/xml, text/xml' },
  });
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) throw new Error(`the SMP answered ${answer.status}`);
  try {
    return serviceGroupDocumentTypes(answer.text);
  } catch (error) {
    throw new Error(`the SMP's ServiceGroup could not be read: ${(error as Error).message}`);
  }
}
