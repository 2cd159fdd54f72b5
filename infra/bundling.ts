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

/**
 * `node:http` and `node:https` reach a bundle as the module objects they are, not as ESM imports.
 * Node makes an ESM import of a builtin by reading every export, and http's lazy WebSocket and
 * MessageEvent getters then load undici: 15–21 ms of every cold start on Node 24 (docs/performance.md).
 * Paths are relative to the project root, where esbuild runs (CDK's local and container bundling alike).
 */
export const BUILTIN_ALIASES: Record<string, string> = Object.fromEntries(
  ['http', 'https'].flatMap((name) => [
    [name, `./infra/builtins/${name}.cjs`],
    [`node:${name}`, `./infra/builtins/${name}.cjs`],
  ]),
);
