// Who made a change (docs/events.md "Actors"): a signed-in user and their role, an API key, whoever
// holds a public page's link (named by the route), or one of the service's own jobs and workers.
// Ids only: an actor never carries a name or an e-mail address.
import type { Role } from '#shared/domain/roles';

export const ACTOR_TYPES = ['user', 'api_key', 'public', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export type Actor = { type: ActorType; id: string; role: Role | null };

export const userActor = (userId: string, role: Role): Actor => ({ type: 'user', id: userId, role });
export const apiKeyActor = (keyId: string): Actor => ({ type: 'api_key', id: keyId, role: null });
export const publicActor = (route: string): Actor => ({ type: 'public', id: route, role: null });
export const systemActor = (job: string): Actor => ({ type: 'system', id: job, role: null });
