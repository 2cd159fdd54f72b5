// Entry of the API process (bench/api-process.ts): serves until its parent lets go.
import { startApiServer } from '#infra/local/api-server';

const api = await startApiServer({ port: Number(process.env.BENCH_API_PORT) });
process.send?.({ url: api.url });
process.once('disconnect', () => void api.stop().then(() => process.exit(0)));
