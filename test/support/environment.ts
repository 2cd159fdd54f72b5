// Runs in each test worker before any test file is imported: handlers read their configuration at
// module load, so the environment must point at the emulators first.
import { inject } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/emulators.ts';

Object.assign(process.env, LOCAL_CREDENTIALS, {
  TABLE_NAME: 'invoicing-test',
  AWS_ENDPOINT_URL_DYNAMODB: inject('countingEndpoint'),
  PUBLIC_BASE_URL: 'http://invoices.test',
  CURSOR_SECRET: 'test-cursor-secret-test-cursor-secret-0123',
  LOG_LEVEL: 'silent',
});
