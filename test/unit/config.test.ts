import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.ts';

const valid = { TABLE_NAME: 'invoices', PUBLIC_BASE_URL: 'https://billing.example.com/', CURSOR_SECRET: 'x'.repeat(32) };

describe('configuration', () => {
  it('applies defaults and normalises the public base URL', () => {
    expect(loadConfig(valid)).toEqual({ ...valid, PUBLIC_BASE_URL: 'https://billing.example.com', MAX_BODY_BYTES: 1_048_576, LOG_LEVEL: 'info' });
  });

  it('names every missing or malformed variable in one error', () => {
    expect(() => loadConfig({ ...valid, TABLE_NAME: undefined, CURSOR_SECRET: 'short', MAX_BODY_BYTES: '1.5' }))
      .toThrow(/TABLE_NAME.*CURSOR_SECRET.*MAX_BODY_BYTES|TABLE_NAME.*MAX_BODY_BYTES.*CURSOR_SECRET/);
  });
});
