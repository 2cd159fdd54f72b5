// Message bodies for SQS and EventBridge. SQS accepts only some characters (not U+FFFE, U+FFFF,
// and some queues — the local emulator among them — nothing outside the Basic Multilingual Plane).
// JSON already escapes control characters and lone surrogates; this also escapes every surrogate
// half and the two non-characters, so any text a user stored travels as ASCII-safe JSON that
// JSON.parse turns back into exactly the same string.
const UNSAFE = /[\ud800-\udfff\ufffe\uffff]/g;

export const queueBody = (message: unknown): string =>
  JSON.stringify(message).replace(UNSAFE, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
