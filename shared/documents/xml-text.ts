// Text as xmlbuilder2 must be handed it to write it exactly once escaped. Its serializer (4.0.3) leaves
// an "&" alone when what follows looks like an entity ("&amp;", "&#65;", "&nbsp;"), as if the text were
// escaped already: "AT&amp;T" would read back as "AT&T", and "&nbsp;" would make the document
// malformed. Those ampersands, and only those, are escaped here, so that every "&" is escaped once; a
// carriage return is written as a reference, which XML's line-end handling would otherwise turn into
// a line feed. test/integration/e-invoices.test.ts reads every text of every format back.
const ENTITY_LIKE_AMPERSAND = /&(?=[A-Za-z]+;|#\d+;)/g;

export const xmlText = (text: string): string => text.replace(ENTITY_LIKE_AMPERSAND, '&amp;').replaceAll('\r', '&#13;');
