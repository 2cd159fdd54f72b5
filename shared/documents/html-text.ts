// Text as every HTML the service writes carries it (pages, e-mails, the QR code's label): the five
// characters that could end a text or an attribute written as references, nothing else changed.
export const htmlText = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
