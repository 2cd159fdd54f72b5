// Identifiers: a type prefix and a ULID, so they sort by creation time and cannot be guessed.
import { monotonicFactory } from 'ulid';

export type IdPrefix = 'org' | 'usr' | 'cli' | 'inv' | 'rec' | 'whk' | 'evt' | 'key' | 'pay' | 'chk';

const nextUlid = monotonicFactory();

export const newId = (prefix: IdPrefix, now = Date.now()) => `${prefix}_${nextUlid(now)}`;
