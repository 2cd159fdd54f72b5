// Identifiers. Resource ids: a type prefix and a ULID, so they sort by creation time. Capabilities
// (public invoice tokens, checkout ids — whatever grants access by being known): 192 random bits,
// with no order and nothing derived from the clock.
import { randomBytes } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export type IdPrefix =
  | 'org'
  | 'usr'
  | 'cli'
  | 'inv'
  | 'rec'
  | 'whk'
  | 'evt'
  | 'key'
  | 'pay'
  | 'cn'
  | 'ref'
  | 'quo'
  | 'ivt'
  | 'exp'
  | 'snd'
  | 'inc'
  | 'arc'
  | 'bst';

const nextUlid = monotonicFactory();

export const newId = (prefix: IdPrefix, now = Date.now()) => `${prefix}_${nextUlid(now)}`;

/** 32 base64url characters of fresh randomness. */
export const newCapabilityToken = () => randomBytes(24).toString('base64url');

export const CAPABILITY_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export const newCheckoutId = () => `chk_${newCapabilityToken()}`;
