// API-key usage: one line per request on the function's output, added up per key and UTC day in
// chunks one transaction can apply (its marker included).

export const API_KEY_USE = 'api_key_use';

export type ApiKeyUse = { kind: typeof API_KEY_USE; organization_id: string; api_key_id: string; at: string };

export type KeyUse = { organizationId: string; keyId: string; day: string; requests: number; lastUsedAt: string };

const PER_TRANSACTION = 99;

export function keyUsesOf(lines: readonly ApiKeyUse[]): KeyUse[][] {
  const byKeyAndDay = new Map<string, KeyUse>();
  for (const line of lines) {
    const day = line.at.slice(0, 10);
    const id = `${line.organization_id}/${line.api_key_id}/${day}`;
    const use = byKeyAndDay.get(id);
    if (use) {
      use.requests += 1;
      if (line.at > use.lastUsedAt) use.lastUsedAt = line.at;
    } else
      byKeyAndDay.set(id, {
        organizationId: line.organization_id,
        keyId: line.api_key_id,
        day,
        requests: 1,
        lastUsedAt: line.at,
      });
  }
  const uses = [...byKeyAndDay.values()];
  return Array.from({ length: Math.ceil(uses.length / PER_TRANSACTION) }, (_, chunk) =>
    uses.slice(chunk * PER_TRANSACTION, (chunk + 1) * PER_TRANSACTION),
  );
}
