// The public pages' 404: its own module, so a file route answers it without bundling the page renderer.
import { PAGE_STYLE } from '#shared/documents/page-style';

export const notFoundPage = (what: 'invoice' | 'quote' = 'invoice') => {
  const title = `${what === 'invoice' ? 'Invoice' : 'Quote'} not found`;
  return (
    '<!doctype html>\n' +
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><style>${PAGE_STYLE}</style></head>\n` +
    `<body><main><h1>${title}</h1>` +
    `<p>This link does not lead to ${what === 'invoice' ? 'an invoice' : 'a quote'}. ` +
    'Check the link in your e-mail, or ask the sender for a new one.</p>' +
    '</main></body></html>'
  );
};
