// X-Ray subsegments for every AWS SDK call (and outgoing HTTPS request) of the background functions,
// through Powertools Tracer. Route functions are not instrumented: the X-Ray SDK adds about 128 KB
// and 25 ms of import to each bundle (docs/architecture.md); their Lambda segment is traced anyway.
// Outside Lambda the tracer is off and hands back the client as it was.
import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from '#shared/observability/logger';

const tracer = new Tracer({ serviceName: SERVICE_NAME });

export const traced = <Client extends object>(client: Client): Client => tracer.captureAWSv3Client(client);
