// X-Ray subsegments for every AWS SDK call (and outgoing HTTPS request) of the background functions,
// through Powertools Tracer. Route functions are not instrumented: the X-Ray SDK adds about 128 KB
// and 25 ms of import to each bundle (docs/architecture.md); their Lambda segment is traced anyway.
// Outside Lambda (AWS_EXECUTION_ENV unset, as Powertools decides) the client is handed back as it was.
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { lambdaRuntimeConfig } from '#shared/config';
import { SERVICE_NAME } from '#shared/observability/logger';

// Loaded only in Lambda: the X-Ray SDK installs async hooks as it loads, which run for every promise of
// the process. The laptop runs these functions inside the API server (infra/local/dev.ts), where every
// request would pay them (bench/NOTES.md, 2026-11-25).
const tracer: Tracer | undefined = lambdaRuntimeConfig().AWS_EXECUTION_ENV
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: SERVICE_NAME })
  : undefined;

/** An SDK client only: what the service signs by hand (shared/aws/ses.ts, lambda.ts) is traced as the HTTPS request it is. */
export const traced = <Client extends { middlewareStack: object }>(client: Client): Client =>
  tracer ? tracer.captureAWSv3Client(client) : client;
