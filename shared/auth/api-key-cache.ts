import type { ApiKeyLookup } from '#shared/domain/api-key';
// A short memory of resolved API keys, per function instance. It saves the lookup on bursts of
// requests with one key; its lifetime, counted from the table read and never extended by use, bounds
// how long a disabled or revoked key, or one whose maker left or was demoted, may still work on an
// instance that just saw it (docs/security.md). Unknown keys are never remembered.

export const API_KEY_CACHE_MS = 500;
const MAX_ENTRIES = 1000;

export class ApiKeyCache {
  private readonly entries = new Map<string, { key: ApiKeyLookup; until: number }>();

  get(hash: string, now = Date.now()): ApiKeyLookup | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.key;
    this.entries.delete(hash);
    return undefined;
  }

  /** Call only with what the table just answered: the entry lives API_KEY_CACHE_MS from `readAt`. */
  set(hash: string, key: ApiKeyLookup, readAt = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { key, until: readAt + API_KEY_CACHE_MS });
  }
}
