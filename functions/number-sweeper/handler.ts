// Looks at every number series with numbers not yet verified: voids the numbers whose document was
// never written once they are past the grace period, and lets verified series leave the index.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { seriesToVerify, verifySeries } from '#shared/data/number-series';
import { createLogger } from '#shared/observability/logger';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, LOG_LEVEL } = config();
const db = createDb(TABLE_NAME, traced);
const log = createLogger(LOG_LEVEL, { job: 'number-sweeper' });

export const handler = async (event: { now?: string } = {}) => {
  const now = event.now ? new Date(event.now) : new Date();
  const due = await seriesToVerify(db, now);
  let voided = 0;
  for (const counter of due) {
    const numbers = await verifySeries(db, counter, now);
    if (numbers.length > 0)
      log.warn('numbers voided', { organization_id: counter.organization_id, series: counter.series, numbers });
    voided += numbers.length;
  }
  log.info('number sweep', { series: due.length, voided });
  return { series: due.length, voided };
};
