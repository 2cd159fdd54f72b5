// The ECB's euro foreign exchange reference rates feeds (eurofxref-hist-90d.xml, and eurofxref-hist.xml
// since 1999): a gesmes envelope whose Cube holds one Cube per day (`time`), each with one Cube per
// currency (`currency`, `rate`: units of the currency per euro). Read token by token with the lexer
// xmlbuilder2 parses with: the history is some 8 MB, which xmlbuilder2's tree would take 13 s and
// 400 MB to build. A received file is hostile: no document type (so no entities), every tag closed
// by its name, nothing but days of rates inside the Cube, each day and currency once.
import { TokenType, type ElementToken, type ClosingTagToken } from '@oozcitak/dom/lib/parser/interfaces.js';
import { XMLStringLexer } from '@oozcitak/dom/lib/parser/XMLStringLexer.js';
import type { DailyRates } from '#shared/data/exchange-rates';
import { isCalendarDate } from '#shared/domain/dates';

const refused = (why: string) => new Error(`not an ECB reference rate feed: ${why}`);
const attributesOf = (token: ElementToken) => new Map(token.attributes);

/** Where an element opens, by the names of the elements open around it. */
function opened(token: ElementToken, open: readonly string[], days: DailyRates[], dates: Set<string>): void {
  const name = token.name;
  const inCube = open.length >= 2 && open[1] === 'Cube';
  if (open.length === 0) {
    if (!name.endsWith('Envelope')) throw refused(`the document is a ${name}`);
  } else if (open.length === 2 && inCube) {
    const date = attributesOf(token).get('time') ?? '';
    if (name !== 'Cube' || !isCalendarDate(date)) throw refused(`a day dated "${date}"`);
    if (dates.has(date)) throw refused(`${date} twice`);
    dates.add(date);
    days.push({ date, rates: {} });
  } else if (open.length === 3 && inCube) {
    const day = days.at(-1)!;
    const attributes = attributesOf(token);
    const [currency, rate] = [attributes.get('currency') ?? '', attributes.get('rate') ?? ''];
    if (name !== 'Cube' || !/^[A-Z]{3}$/.test(currency) || !/^\d+(\.\d+)?$/.test(rate) || /^[0.]+$/.test(rate))
      throw refused(`${day.date} has a rate "${rate}" for "${currency}"`);
    if (day.rates[currency]) throw refused(`${day.date} has ${currency} twice`);
    day.rates[currency] = rate;
  } else if (inCube) throw refused(`a ${name} inside a rate`);
}

/** Every day of the feed, in the order published (newest first); anything that is not one is an error. */
export function parseEcbFeed(xml: string): DailyRates[] {
  const lexer = new XMLStringLexer(xml, { skipWhitespaceOnlyText: true });
  const open: string[] = [];
  const days: DailyRates[] = [];
  const dates = new Set<string>();
  let cubes = 0;
  for (let token = lexer.nextToken(); token.type !== TokenType.EOF; token = lexer.nextToken()) {
    if (token.type === TokenType.DocType) throw refused('it declares a document type');
    if (token.type === TokenType.Element) {
      const element = token as ElementToken;
      if (open.length === 1 && element.name === 'Cube') cubes++;
      opened(element, open, days, dates);
      if (!element.selfClosing) open.push(element.name);
    } else if (token.type === TokenType.ClosingTag) {
      const name = (token as ClosingTagToken).name;
      if (open.pop() !== name) throw refused(`</${name}> closes nothing open`);
    } else if (token.type === TokenType.Text && open.length >= 2 && open[1] === 'Cube')
      throw refused('text inside the Cube');
  }
  if (open.length > 0) throw refused(`<${open.at(-1)}> is not closed`);
  if (cubes !== 1) throw refused(`${cubes} Cubes in the envelope`);
  return days;
}
