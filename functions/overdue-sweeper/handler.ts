// Daily: open invoices past their due date become overdue, each exactly once, with invoice.overdue.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { sweepOverdue } from '#shared/data/overdue-sweep';
import { todayUtc } from '#shared/domain/dates';
import { createLogger } from '#shared/http/logger';

const { TABLE_NAME, PUBLIC_BASE_URL, LOG_LEVEL } = config();
const db = createDb(TABLE_NAME);
const log = createLogger(LOG_LEVEL, { job: 'overdue-sweeper' });

export const handler = async (event: { today?: string } = {}) => {
  const today = event.today ?? todayUtc();
  const result = await sweepOverdue(db, today, PUBLIC_BASE_URL);
  log.info('overdue sweep', { today, ...result });
  return result;
};
