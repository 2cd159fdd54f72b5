// The local network's phoss-ap, receiving (docs/peppol.md "Receiving"): what it receives for the
// deployment's participants it wraps in an SBD and forwards (HTTP POST, async mode, the SBDH instance
// id in X-SBDH-Instance-ID) to `forwardingUrl`, tried again a few times as phoss-ap does; and its
// inbound status, payload and C4 report routes, which the gateway asks.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Delivered, type NetworkState, send } from '#infra/local/peppol-network-state';

const FORWARDING_ATTEMPTS = 5;

/** The document in the Standard Business Document phoss-ap received it in over AS4. */
export function sbdOf(entry: Delivered, document: Buffer): Buffer {
  const xml = document.toString('utf8').replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '');
  const root = /<(?:\w+:)?(Invoice|CreditNote)[\s>]/.exec(xml)?.[1] ?? 'Invoice';
  const identifier = (participant: string | null) =>
    `<Identifier Authority="iso6523-actorid-upis">${participant ?? ''}</Identifier>`;
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<StandardBusinessDocument xmlns="http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader">\n' +
      '<StandardBusinessDocumentHeader><HeaderVersion>1.0</HeaderVersion>' +
      `<Sender>${identifier(entry.sender)}</Sender><Receiver>${identifier(entry.receiver)}</Receiver>` +
      `<DocumentIdentification><Standard>urn:oasis:names:specification:ubl:schema:xsd:${root}-2</Standard>` +
      `<TypeVersion>2.1</TypeVersion><InstanceIdentifier>${entry.message_id}</InstanceIdentifier><Type>${root}</Type>` +
      `<CreationDateAndTime>${entry.delivered_at}</CreationDateAndTime></DocumentIdentification>` +
      '</StandardBusinessDocumentHeader>\n' +
      `${xml}\n</StandardBusinessDocument>\n`,
    'utf8',
  );
}

/** Registers phoss-ap's delivery with the network and answers its inbound routes (undefined: not one of them). */
export function phossApInbound(state: NetworkState) {
  const inbound = new Map<string, { entry: Delivered; sbd: Buffer }>();

  // Forwarded as phoss-ap's HTTP forwarder does: the SBD as the body, its instance id in a header.
  const forward = async (entry: Delivered, sbd: Buffer, attempt = 1): Promise<void> => {
    const url = state.options.forwardingUrl;
    if (!url) return;
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'x-sbdh-instance-id': entry.message_id },
      body: new Uint8Array(sbd),
    }).catch(() => undefined);
    await answer?.body?.cancel();
    if (answer?.ok) entry.forwarded = true;
    else if (attempt >= FORWARDING_ATTEMPTS) entry.forwarded = false;
    else state.later(() => void forward(entry, sbd, attempt + 1));
  };
  state.receivesWith('phoss-ap', (entry, document) => {
    const sbd = sbdOf(entry, document);
    inbound.set(entry.message_id, { entry, sbd });
    void forward(entry, sbd);
  });

  return (req: IncomingMessage, res: ServerResponse, path: string) => {
    const url = new URL(req.url!, 'http://network');
    if (req.method === 'POST' && path === '/inbound/report') {
      const found = inbound.get(url.searchParams.get('sbdhInstanceID') ?? '');
      const country = url.searchParams.get('c4CountryCode');
      if (!found || !country) return send(res, 404);
      if (found.entry.c4_country) return send(res, 400);
      found.entry.c4_country = country;
      return send(res, 200, { id: found.entry.message_id, status: 'updated' });
    }
    const status = /^\/inbound\/status\/([^/]+)$/.exec(path);
    const found = status && inbound.get(decodeURIComponent(status[1]!));
    if (req.method === 'GET' && status)
      return found
        ? send(res, 200, {
            sbdhInstanceID: found.entry.message_id,
            senderID: `iso6523-actorid-upis::${found.entry.sender}`,
            receiverID: `iso6523-actorid-upis::${found.entry.receiver}`,
            status: found.entry.forwarded ? 'forwarded' : 'received',
            c4CountryCode: found.entry.c4_country,
          })
        : send(res, 404);
    const payload = /^\/ops\/inbound\/([^/]+)\/payload$/.exec(path);
    const held = payload && inbound.get(decodeURIComponent(payload[1]!));
    if (req.method === 'GET' && payload)
      return held ? send(res, 200, held.sbd.toString('utf8'), 'application/octet-stream') : send(res, 404);
    return undefined;
  };
}
