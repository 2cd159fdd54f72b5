// The ECB feed parser (shared/exchange-rates/ecb-feed.ts): the ECB's shape read as published, and a
// received file that is not it refused whole, whatever it tries.
import { describe, expect, it } from 'vitest';
import { parseEcbFeed } from '#shared/exchange-rates/ecb-feed';

const envelope = (cube: string, head = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>${head}<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>${cube}</Cube></gesmes:Envelope>`;

describe('the ECB feed', () => {
  it('reads every day and rate, newest first, in either quotes as the history writes them', () => {
    const feed = envelope(
      `\n\t<Cube time='2003-05-06'>\n\t\t<Cube currency='USD' rate='1.1439'/><Cube currency='JPY' rate='133.55'/></Cube>` +
        `<Cube time="2003-05-05"><Cube currency="USD" rate="1.1384"/></Cube>`,
    );
    expect(parseEcbFeed(feed)).toEqual([
      { date: '2003-05-06', rates: { USD: '1.1439', JPY: '133.55' } },
      { date: '2003-05-05', rates: { USD: '1.1384' } },
    ]);
  });

  it.each([
    [
      'a document type (entities)',
      envelope(`<Cube time="2003-05-06"><Cube currency="USD" rate="&x;"/></Cube>`, '<!DOCTYPE a [<!ENTITY x "1.1">]>'),
    ],
    ['an entity in a rate', envelope(`<Cube time="2003-05-06"><Cube currency="USD" rate="1&#46;1"/></Cube>`)],
    ['a day twice', envelope(`<Cube time="2003-05-06"></Cube><Cube time="2003-05-06"></Cube>`)],
    [
      'a currency twice',
      envelope(`<Cube time="2003-05-06"><Cube currency="USD" rate="1.1"/><Cube currency="USD" rate="1.2"/></Cube>`),
    ],
    ['a day that is none', envelope(`<Cube time="2003-02-30"></Cube>`)],
    ['a zero rate', envelope(`<Cube time="2003-05-06"><Cube currency="USD" rate="0.0"/></Cube>`)],
    ['a tag closed by another name', envelope(`<Cube time="2003-05-06"></Rate>`)],
    ['an unclosed tag', envelope(`<Cube time="2003-05-06">`).replace('</gesmes:Envelope>', '')],
    ['text among the rates', envelope(`<Cube time="2003-05-06">1.1</Cube>`)],
    [
      'something inside a rate',
      envelope(`<Cube time="2003-05-06"><Cube currency="USD" rate="1.1"><Cube/></Cube></Cube>`),
    ],
    ['another document', '<html><body>Service unavailable</body></html>'],
    ['no Cube', envelope('').replace('<Cube></Cube>', '')],
  ])('refuses %s', (_, feed) => {
    expect(() => parseEcbFeed(feed)).toThrow(/^not an ECB reference rate feed: /);
  });
});
