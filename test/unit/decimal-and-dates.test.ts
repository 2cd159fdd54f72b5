import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, dateIn, isTimeZone, latestDateAnywhere } from '#shared/domain/dates';
import { decimalTextOf, formatMinor, parseDecimal, trimmedText } from '#shared/domain/decimal';

describe('decimal text', () => {
  it('parses plain decimals and refuses anything else', () => {
    expect(parseDecimal('12.345')).toEqual({ units: 12345n, scale: 3 });
    expect(parseDecimal('-0.5')).toEqual({ units: -5n, scale: 1 });
    for (const bad of ['', '1.', '.5', '1e3', '0x10', '1,5', ' 1']) expect(parseDecimal(bad)).toBeNull();
  });

  it('reads JSON numbers by their decimal text and refuses exponents', () => {
    expect(decimalTextOf(1.5)).toBe('1.5');
    expect(decimalTextOf(1e21)).toBeNull();
    expect(decimalTextOf(1e-7)).toBeNull();
  });

  it('formats minor units with two fraction digits, including negatives and values under one', () => {
    expect(formatMinor(5n)).toBe('0.05');
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(123456n)).toBe('1234.56');
  });

  it('trims trailing zeros but keeps the requested fraction digits', () => {
    expect(trimmedText({ units: 150n, scale: 2 })).toBe('1.5');
    expect(trimmedText({ units: 10n, scale: 0 }, 2)).toBe('10.00');
    expect(trimmedText({ units: 8875n, scale: 3 }, 2)).toBe('8.875');
  });
});

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z'])
      expect(isCalendarDate(bad)).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses offsets and inventions', () => {
    expect(['UTC', 'Europe/Berlin', 'Pacific/Kiritimati', 'America/Argentina/Buenos_Aires'].every(isTimeZone)).toBe(
      true,
    );
    expect(['', '+02:00', 'Mars/Olympus_Mons', 'Europe/Berlin; DROP', 'x'.repeat(80)].some(isTimeZone)).toBe(false);
  });

  it('gives the local date at an instant, across the date line and daylight saving', () => {
    const instant = new Date('2026-03-01T10:30:00Z');
    expect(dateIn('UTC', instant)).toBe('2026-03-01');
    expect(dateIn('Pacific/Kiritimati', instant)).toBe('2026-03-02');
    expect(dateIn('Pacific/Pago_Pago', instant)).toBe('2026-02-28');
    expect(dateIn('America/New_York', new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
    expect(dateIn('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(latestDateAnywhere(instant)).toBe('2026-03-02');
  });
});
