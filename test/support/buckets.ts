// The buckets the test run creates in the S3 emulator (global-setup.ts) and the handlers are pointed at (environment.ts).
export const TEST_INCOMING_BUCKET = 'invoicing-test-incoming';
