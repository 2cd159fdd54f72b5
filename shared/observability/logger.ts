// Structured JSON logs through Powertools for AWS Lambda: one object per line with the level,
// timestamp, service and the fields of the work it belongs to (request id, route, correlation id).
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export const SERVICE_NAME = 'invoicing-service';

const root = new PowertoolsLogger({ serviceName: SERVICE_NAME });

/** One Powertools logger per level, made once: making one per request costs each request a Console. */
const byLevel = new Map<LogLevel, PowertoolsLogger>();
const loggerAt = (level: LogLevel) => {
  let logger = byLevel.get(level);
  if (!logger) {
    logger = root.createChild({ logLevel: level.toUpperCase() as Uppercase<LogLevel> });
    byLevel.set(level, logger);
  }
  return logger;
};

/**
 * A logger whose every line carries `keys` (with the work's `correlation_id` where it has one). The
 * fields go with each line, never as keys appended to a shared logger: the local runtime serves
 * requests concurrently.
 */
export function createLogger(level: LogLevel, keys: Record<string, unknown>): Logger {
  const logger = loggerAt(level);
  return {
    debug: (message, fields = {}) => logger.debug(message, { ...keys, ...fields }),
    info: (message, fields = {}) => logger.info(message, { ...keys, ...fields }),
    warn: (message, fields = {}) => logger.warn(message, { ...keys, ...fields }),
    error: (message, fields = {}) => logger.error(message, { ...keys, ...fields }),
  };
}
