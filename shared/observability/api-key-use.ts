// One line per API-key request on the function's output: never a table write, never awaited. The
// function's log group streams these lines to the usage aggregator (a CloudWatch Logs subscription in
// AWS, infra/local/log-subscriptions.ts on a laptop; both from LOG_SUBSCRIPTIONS in functions/topology.ts),
// which adds them up per key and day (docs/data-model.md "Contended items").
import { API_KEY_USE, type ApiKeyUse } from '#shared/domain/api-key-usage';

/** Written straight to stdout, whatever the log level: usage is accounting, not diagnostics. */
export function writeApiKeyUse(
  use: { organizationId: string; apiKeyId: string; at: Date },
  write: (line: string) => unknown = (line) => process.stdout.write(line),
): void {
  const line: ApiKeyUse = {
    kind: API_KEY_USE,
    organization_id: use.organizationId,
    api_key_id: use.apiKeyId,
    at: use.at.toISOString(),
  };
  write(`${JSON.stringify(line)}\n`);
}
