// API-key usage from the route functions' output: each batch of usage lines added to the keys' daily
// counts once (a redelivered batch changes nothing).
import { config } from '#shared/config';
import { addApiKeyUses } from '#shared/data/api-keys';
import { createDb } from '#shared/data/table';
import { keyUsesOf } from '#shared/domain/api-key-usage';
import { logSubscriptionWorker } from '#shared/workers/log-worker';
import { apiKeyUseLine } from '#shared/workers/messages';

const { TABLE_NAME, LOG_LEVEL } = config();
// Untraced, unlike the other background functions: on a laptop it runs inside the API server, where the
// X-Ray SDK's async hooks would slow every request; in Lambda its own segment still shows each batch.
const db = createDb(TABLE_NAME);

export const handler = logSubscriptionWorker(
  'usage-aggregator',
  { logLevel: LOG_LEVEL, line: apiKeyUseLine },
  async ({ id, lines }) => {
    for (const [index, uses] of keyUsesOf(lines).entries()) await addApiKeyUses(db, `${id}#${index}`, uses);
  },
);
