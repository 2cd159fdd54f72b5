// How routes and workers have a document drawn: one synchronous invocation of the document renderer
// (functions/render-document), which alone carries the PDF, XML and MIME libraries. A refusal it
// answers (a draft, an e-invoice missing business terms) is thrown here as the DomainError it was.
import { fileOf, type RenderAnswer, type RenderedFile, type RenderRequest } from '#shared/documents/render-requests';
import { type Invoke, lambdaInvoker } from '#shared/aws/lambda';
import { config } from '#shared/config';
import { DomainError, type ErrorCode } from '#shared/domain/errors';

export type DocumentRenderer = { render(request: RenderRequest): Promise<RenderedFile> };

export class RendererFailed extends Error {}

/** The renderer behind `functionName` (DOCUMENT_RENDERER_FUNCTION), or one that says it is not configured. */
export function documentRenderer(invoke: Invoke, functionName: string | undefined): DocumentRenderer {
  return {
    async render(request) {
      if (!functionName) throw new RendererFailed('DOCUMENT_RENDERER_FUNCTION is not configured');
      const answer = await invoke(functionName, JSON.stringify(request));
      // An unhandled error, a timeout or running out of memory: Lambda answers 200 and says so in a header.
      if (answer.functionError)
        throw new RendererFailed(`the document renderer failed (${answer.functionError}): ${answer.payload}`);
      const parsed = JSON.parse(answer.payload) as RenderAnswer;
      if ('refused' in parsed) {
        const { code, message, details } = parsed.refused;
        throw new DomainError(code as ErrorCode, message, details);
      }
      return fileOf(parsed);
    },
  };
}

/** The renderer this process's configuration names, through the process's invoker. */
export const configuredRenderer = () => documentRenderer(lambdaInvoker(), config().DOCUMENT_RENDERER_FUNCTION);
