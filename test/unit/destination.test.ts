// The SSRF rules. Nothing here dials: creation is checked on the URL alone, and delivery-time
// resolution goes through an injected lookup that records what would have been dialled.
import { describe, expect, it } from 'vitest';
import {
  DestinationRefusedError,
  isPublicAddress,
  destinationOf,
  lookedUpAddress,
  refusalOf,
  type Lookup,
} from '#shared/webhooks/destination';

const production = { allowLoopbackHttp: false };

/** Addresses no webhook may reach, in the spellings an attacker would try. */
const NON_PUBLIC_ADDRESSES = [
  // IPv4 special-purpose ranges
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.1',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.88.99.1',
  // IPv6 special-purpose ranges
  '::1',
  '::',
  '0:0:0:0:0:0:0:1',
  'fc00::1',
  'fd00::1',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  'ff05::1:3',
  '100::1',
  '2001:db8::1',
  '2001:2::1',
  '2001:10::1',
  '3fff::1',
  '5f00::1',
  // IPv4 inside IPv6: compatible, mapped, SIIT-translated, NAT64 (well-known and local-use), 6to4, Teredo
  '::127.0.0.1',
  '::7f00:1',
  '::a9fe:a9fe',
  '::8.8.8.8',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::ffff:0:127.0.0.1',
  '::ffff:0:7f00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
];

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

describe('webhook destinations at creation', () => {
  it.each([
    ...NON_PUBLIC_ADDRESSES.map((address) => `https://${bracketed(address)}/hook`),
    // Other spellings of loopback that the URL parser folds into a dotted quad, and trailing dots
    'https://127.1/',
    'https://0x7f.1/',
    'https://017700000001/',
    'https://2130706433/',
    'https://0/',
    'https://127.0.0.1./',
    'https://2852039166/',
    // Special-use names, in any case, with trailing dots, or as full-width characters folded by IDNA
    'https://localhost/hook',
    'https://localhost./hook',
    'https://LOCALHOST../hook',
    'https://ｌｏｃａｌｈｏｓｔ/hook',
    'https://api.localhost/hook',
    'https://intranet/hook',
    'https://intranet./hook',
    'https://printer.local/',
    'https://metadata.google.internal/',
    'https://router.home.arpa/',
    'https://hooks.test/',
    'https://hooks.invalid/',
    'https://hidden.onion/',
    // Not HTTPS, or not a plain URL
    'http://hooks.example.com/',
    'ftp://hooks.example.com',
    'https://user:pass@hooks.example.com/',
    'not a url',
  ])('refuses %s', (url) => {
    expect(refusalOf(url, production)).toBeTypeOf('string');
  });

  it.each([
    'https://hooks.example.com/in',
    'https://HOOKS.Example.COM./in',
    'https://bücher.example/hook',
    'https://93.184.215.14/hook',
    'https://8.8.8.8:8443/x',
    'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/',
    'https://[::ffff:8.8.8.8]/',
  ])('accepts %s', (url) => {
    expect(refusalOf(url, production)).toBeUndefined();
  });

  it('allows http://127.0.0.1 receivers only with the local-development setting', () => {
    expect(refusalOf('http://127.0.0.1:9999/hook', production)).toBeTypeOf('string');
    expect(refusalOf('http://127.0.0.1:9999/hook', { allowLoopbackHttp: true })).toBeUndefined();
    expect(refusalOf('http://10.0.0.1/hook', { allowLoopbackHttp: true })).toBeTypeOf('string');
    expect(refusalOf('https://[::ffff:0:127.0.0.1]/', { allowLoopbackHttp: true })).toBeTypeOf('string');
  });

  it('classifies addresses as public only when they are global unicast', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '::ffff:8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [...NON_PUBLIC_ADDRESSES, 'example.com', '', '1.2.3'])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('webhook destinations at delivery', () => {
  // What a delivery does: the URL judged, then its literal or a lookup made now.
  const dial = async (url: string, lookup: Lookup) => {
    const destination = destinationOf(url, production);
    return destination.literal ?? lookedUpAddress(destination.host, lookup);
  };
  const recordingLookup = (answers: Record<string, string[]>) => {
    const asked: string[] = [];
    const lookup: Lookup = async (hostname) => {
      asked.push(hostname);
      return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { lookup, asked };
  };

  it.each(NON_PUBLIC_ADDRESSES)('refuses a name that resolves to %s, before anything is dialled', async (address) => {
    const { lookup, asked } = recordingLookup({ 'rebind.example.com': ['93.184.215.14', address] });
    await expect(dial('https://rebind.example.com/hook', lookup)).rejects.toThrow(/non-public/);
    expect(asked).toEqual(['rebind.example.com']);
  });

  it('answers the public address it would dial, after normalising the name', async () => {
    const { lookup, asked } = recordingLookup({ 'hooks.example.com': ['93.184.215.14'] });
    expect(await dial('https://HOOKS.example.com../in', lookup)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(asked).toEqual(['hooks.example.com']);
  });

  it('checks literals without a lookup', async () => {
    const { lookup, asked } = recordingLookup({});
    await expect(dial('https://[::ffff:169.254.169.254]/', lookup)).rejects.toBeInstanceOf(DestinationRefusedError);
    await expect(dial('https://[::7f00:1]/', lookup)).rejects.toBeInstanceOf(DestinationRefusedError);
    expect(await dial('https://93.184.215.14:8443/in', lookup)).toEqual({ address: '93.184.215.14', family: 4 });
    expect(asked).toEqual([]);
  });

  it('keeps each policy’s verdict on a URL apart, and looks a name up again at every delivery', async () => {
    const url = 'http://127.0.0.1:9999/hook';
    expect(() => destinationOf(url, production)).toThrow(DestinationRefusedError);
    expect(destinationOf(url, { allowLoopbackHttp: true }).literal).toEqual({ address: '127.0.0.1', family: 4 });
    expect(() => destinationOf(url, production)).toThrow(/https/);
    const answers: Record<string, string[]> = { 'hooks.example.com': ['93.184.215.14'] };
    const { lookup, asked } = recordingLookup(answers);
    expect(await dial('https://hooks.example.com/in', lookup)).toEqual({ address: '93.184.215.14', family: 4 });
    answers['hooks.example.com'] = ['10.0.0.7'];
    await expect(dial('https://hooks.example.com/in', lookup)).rejects.toThrow(/non-public address \(10\.0\.0\.7\)/);
    expect(asked).toEqual(['hooks.example.com', 'hooks.example.com']);
  });
});
