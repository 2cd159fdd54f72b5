// xmlbuilder2, loaded when the first XML document is written: a renderer that draws a PDF never
// needs it, and importing it is a tenth of the renderer's cold start.
import type { create } from 'xmlbuilder2';

let loading: Promise<typeof create> | undefined;

/** xmlbuilder2's `create`, imported once per process. */
export const xmlBuilder = (): Promise<typeof create> =>
  (loading ??= import('xmlbuilder2').then((module) => module.create));
