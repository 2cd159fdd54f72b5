// API-key usage in tests: the routes' usage lines are read off this process's output (kept off the
// terminal) and delivered to the usage aggregator when a test asks, as the log subscription would.
import { tapLogSubscriptions } from '#infra/local/log-subscriptions';

const tap = tapLogSubscriptions(async () => (await import('#functions/usage-aggregator/handler')).handler, {
  echo: false,
  everyMs: 0,
});

/** Delivers every usage line written so far. */
export const deliverApiKeyUsage = () => tap.flush();
