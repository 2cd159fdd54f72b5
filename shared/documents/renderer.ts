// How routes and workers have a document drawn: one synchronous invocation of the document renderer
// (functions/render-document), which alone carries the PDF, XML and MIME libraries. A refusal it
// answers (a draft, an e-invoice missing business terms) is thrown here as the DomainError it was
// (callFunction in shared/aws/lambda.ts).
import {
  fileOf,
  logoText,
  type RenderAnswer,
  type RenderedFile,
  type RenderRequest,
} from '#shared/documents/render-requests';
import type { Logo, LogoInfo } from '#shared/domain/logo';
import { callFunction, FunctionFailedError, type Invoke, lambdaInvoker } from '#shared/aws/lambda';
import { config } from '#shared/config';

export type DocumentRenderer = { render(request: RenderRequest): Promise<RenderedFile> };

/** The renderer behind `functionName` (DOCUMENT_RENDERER_FUNCTION); without one, every call fails saying so. */
export function documentRenderer(invoke: Invoke, functionName: string | undefined): DocumentRenderer {
  return {
    async render(request) {
      if (!functionName) throw new FunctionFailedError('DOCUMENT_RENDERER_FUNCTION is not configured');
      return fileOf((await callFunction(invoke, functionName, request)) as Extract<RenderAnswer, { file: unknown }>);
    },
  };
}

/** The renderer this process's configuration names, through the process's invoker. */
export const configuredRenderer = () => documentRenderer(lambdaInvoker(), config().DOCUMENT_RENDERER_FUNCTION);

/** A logo read from a request, checked, decoded and written anew by the renderer; validation_error when it is not fit. */
export async function storableLogo(renderer: DocumentRenderer, logo: Logo): Promise<{ logo: Logo; info: LogoInfo }> {
  const file = await renderer.render({ kind: 'logo', logo: logoText(logo)! });
  const bytes = new Uint8Array(file.content as Uint8Array);
  const { width, height } = file.pixels!;
  return {
    logo: { content_type: logo.content_type, bytes },
    info: { content_type: logo.content_type, size: bytes.length, width, height },
  };
}
