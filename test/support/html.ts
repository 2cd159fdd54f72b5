// HTML as a reader and a parser see it: its text and the elements it is made of (parse5).
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);
const textOf = (node: Node): string =>
  node.nodeName === '#text'
    ? (node as DefaultTreeAdapterMap['textNode']).value
    : childrenOf(node).map(textOf).join(' ');
const tagsOf = (node: Node): string[] => [
  ...(node.nodeName.startsWith('#') ? [] : [node.nodeName]),
  ...childrenOf(node).flatMap(tagsOf),
];

/** As a reader sees it: line breaks and runs of white space are one space. */
export const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A document's text, as a reader sees it, and the names of its elements in document order. */
export function readHtml(html: string): { text: string; tags: string[] } {
  const document = parse(html);
  return { text: plain(textOf(document)), tags: tagsOf(document) };
}
