// Bundling options shared by the CDK functions and the benchmarks, so the bench measures what ships.

/**
 * Credential sources a Lambda function never reaches (it has environment credentials, the first
 * source of the default chain). Left out of the bundles; if ever reached, Lambda's own SDK copy
 * serves them. Keeps every route bundle under the 400 KB budget (docs/performance.md).
 */
export const UNUSED_SDK_MODULES = [
  '@aws-sdk/nested-clients',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/token-providers',
];

export const ESM_REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
