// How routes and workers have a received file read: one synchronous invocation of the e-invoice
// reader (functions/read-e-invoice), which alone carries the official rules and runs within its own
// time and memory, so a hostile file costs that instance and nothing else. A refusal it answers
// (e_invoice_unreadable) is thrown here as the DomainError it was.
import { callFunction, FunctionFailedError, type Invoke, lambdaInvoker } from '#shared/aws/lambda';
import { config } from '#shared/config';
import type { ReadAnswer, ReadRequest } from '#shared/e-invoice-reader/read-and-keep';

export type EInvoiceReader = { read(request: ReadRequest): Promise<ReadAnswer> };

/** The reader behind `functionName` (E_INVOICE_READER_FUNCTION); without one, every call fails saying so. */
export function eInvoiceReader(invoke: Invoke, functionName: string | undefined): EInvoiceReader {
  return {
    async read(request) {
      if (!functionName) throw new FunctionFailedError('E_INVOICE_READER_FUNCTION is not configured');
      return (await callFunction(invoke, functionName, request)) as ReadAnswer;
    },
  };
}

/** The reader this process's configuration names, through the process's invoker. */
export const configuredReader = () => eInvoiceReader(lambdaInvoker(), config().E_INVOICE_READER_FUNCTION);
