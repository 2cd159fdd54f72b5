// The frame of a function the service's own functions invoke synchronously (the document renderer):
// the payload is the request, the return value the answer. A DomainError is a refusal the caller
// answers its own client with, so it travels back as data; anything else fails the invocation, which
// Lambda reports to the caller as a function error.
import { DomainError } from '#shared/domain/errors';
import { createLogger, type Logger, type LogLevel } from '#shared/observability/logger';
import { errorFields } from '#shared/observability/stack';

export type Refused = { refused: { code: string; message: string; details: Record<string, unknown> } };

export function invokedWorker<Request extends { kind: string }, Answer>(
  name: string,
  options: { logLevel: LogLevel },
  handle: (request: Request, context: { log: Logger }) => Promise<Answer>,
) {
  return async (request: Request): Promise<Answer | Refused> => {
    const log = createLogger(options.logLevel, { worker: name, kind: request.kind });
    const started = Date.now();
    try {
      const answer = await handle(request, { log });
      log.info('invocation', { duration_ms: Date.now() - started });
      return answer;
    } catch (error) {
      if (error instanceof DomainError) {
        log.info('invocation refused', { code: error.code, duration_ms: Date.now() - started });
        return { refused: { code: error.code, message: error.message, details: error.details } };
      }
      log.error('invocation failed', errorFields(error));
      throw error;
    }
  };
}
