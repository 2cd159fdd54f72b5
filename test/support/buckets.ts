// The buckets the test run creates in the S3 emulator (global-setup.ts) and the handlers are pointed at (environment.ts).
export const TEST_INCOMING_BUCKET = 'invoicing-test-incoming';
/** The Object Lock bucket of the archive: the front checks every write carries its lock and checksum. */
export const TEST_ARCHIVE_BUCKET = 'invoicing-test-archive';
