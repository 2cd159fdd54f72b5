// The SSRF rules. Nothing here dials: creation is checked on the URL alone, and delivery-time
// resolution goes through an injected lookup that records what would have been dialled.
import { describe, expect, it } from 'vitest';
import { addressToDial, DestinationRefused, isPublicAddress, refusalOf, type Lookup } from '../../shared/webhooks/destination.ts';

const production = { allowLoopbackHttp: false };

describe('webhook destinations at creation', () => {
  it.each([
    'http://x.example', 'https://127.0.0.1', 'https://169.254.169.254/latest/meta-data/', 'https://[::1]',
    'https://[::ffff:169.254.169.254]', 'https://10.0.0.1', 'https://0.0.0.0', 'https://2852039166',
    'https://0x7f.1', 'https://017700000001', 'https://100.64.0.1', 'https://[fd00::1]', 'https://[fe80::1]',
    'https://[64:ff9b::a9fe:a9fe]', 'https://localhost/hook', 'https://intranet/hook', 'https://user:pass@hooks.example.com/',
    'ftp://hooks.example.com', 'not a url',
  ])('refuses %s', (url) => {
    expect(refusalOf(url, production)).toBeTypeOf('string');
  });

  it('accepts public HTTPS hosts and addresses', () => {
    for (const url of ['https://hooks.example.com/in', 'https://93.184.215.14/hook', 'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/']) {
      expect(refusalOf(url, production)).toBeUndefined();
    }
  });

  it('allows http://127.0.0.1 receivers only with the local-development setting', () => {
    expect(refusalOf('http://127.0.0.1:9999/hook', production)).toBeTypeOf('string');
    expect(refusalOf('http://127.0.0.1:9999/hook', { allowLoopbackHttp: true })).toBeUndefined();
    expect(refusalOf('http://10.0.0.1/hook', { allowLoopbackHttp: true })).toBeTypeOf('string');
  });

  it('classifies addresses, IPv4-mapped and NAT64 forms included', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '::', 'ff02::1', '172.31.255.255', '198.18.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('webhook destinations at delivery', () => {
  const recordingLookup = (answers: Record<string, string[]>) => {
    const asked: string[] = [];
    const lookup: Lookup = async (hostname) => {
      asked.push(hostname);
      return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { lookup, asked };
  };

  it('refuses a name that resolves to a loopback or private address, before anything is dialled', async () => {
    const { lookup, asked } = recordingLookup({ 'rebind.example.com': ['127.0.0.1'], 'split.example.com': ['93.184.215.14', '10.1.2.3'] });
    await expect(addressToDial('https://rebind.example.com/hook', production, lookup)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(addressToDial('https://split.example.com/hook', production, lookup)).rejects.toThrow(/non-public/);
    expect(asked).toEqual(['rebind.example.com', 'split.example.com']);
  });

  it('answers the public address it would dial', async () => {
    const { lookup } = recordingLookup({ 'hooks.example.com': ['93.184.215.14'] });
    expect(await addressToDial('https://hooks.example.com/in', production, lookup)).toEqual({ address: '93.184.215.14', family: 4 });
  });

  it('checks literals without a lookup', async () => {
    const { lookup, asked } = recordingLookup({});
    await expect(addressToDial('https://[::ffff:169.254.169.254]/', production, lookup)).rejects.toBeInstanceOf(DestinationRefused);
    expect(asked).toEqual([]);
  });
});
