// Structured JSON logs through Powertools for AWS Lambda: one object per line with the level,
// timestamp, service and the fields of the work it belongs to (request id, route, correlation id).
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { correlationId } from '#shared/observability/correlation';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export const SERVICE_NAME = 'invoicing-service';

const root = new PowertoolsLogger({ serviceName: SERVICE_NAME });

/**
 * A logger whose every line carries `context` and the current correlation id. A child per request,
 * never keys appended to a shared logger: the local runtime serves requests concurrently.
 */
export function createLogger(level: LogLevel, context: Record<string, unknown>): Logger {
  const id = correlationId();
  const child = root.createChild({
    logLevel: level.toUpperCase() as Uppercase<LogLevel>,
    persistentKeys: id ? { ...context, correlation_id: id } : context,
  });
  return {
    debug: (message, fields = {}) => child.debug(message, fields),
    info: (message, fields = {}) => child.info(message, fields),
    warn: (message, fields = {}) => child.warn(message, fields),
    error: (message, fields = {}) => child.error(message, fields),
  };
}
