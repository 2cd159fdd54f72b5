// The part of SaxonJS 2 (which ships no types) that the validator uses.
declare module 'saxon-js' {
  namespace SaxonJS {
    type Document = { documentElement: { localName: string; namespaceURI: string | null } | null };
  }
  const SaxonJS: {
    getResource(options: { text: string; type: 'xml' }): Promise<SaxonJS.Document>;
    transform(
      options: { stylesheetInternal: unknown; sourceNode: SaxonJS.Document; destination: 'document' },
      execution: 'sync',
    ): { principalResult: unknown };
    XPath: {
      evaluate(
        expression: string,
        context?: unknown,
        options?: { namespaceContext?: Record<string, string>; resultForm?: 'array' },
      ): unknown;
    };
  };
  export default SaxonJS;
}
