// Entry of the API process (bench/api-process.ts): the local API and, as `npm run dev` has, the Lambda
// endpoint its document routes invoke the renderer through. Serves until its parent lets go.
import { DOCUMENT_RENDERER, PAYMENT_GATEWAY } from '#functions/topology';
import { startApiServer } from '#infra/local/api-server';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';

const lambda = await startLambdaEndpoint();
Object.assign(process.env, {
  AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint,
  DOCUMENT_RENDERER_FUNCTION: DOCUMENT_RENDERER.handler,
  PAYMENT_GATEWAY_FUNCTION: PAYMENT_GATEWAY.handler,
});
const api = await startApiServer({ port: Number(process.env.BENCH_API_PORT) });
process.send?.({ url: api.url, lambdaEndpoint: lambda.endpoint });
process.once('disconnect', () => void Promise.all([api.stop(), lambda.stop()]).then(() => process.exit(0)));
