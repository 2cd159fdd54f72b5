// Who may change whose membership (docs/security.md "Members and invitations"): admins manage
// everything but owners; only an owner makes or removes an owner; an organization keeps an owner.
import { DomainError, ErrorCode, invalidState } from '#shared/domain/errors';
import type { Role } from '#shared/domain/roles';

const ownersOnly = (what: string) => new DomainError(ErrorCode.permissionDenied, `Only an owner may ${what}`);

/** `actor` gives `target` (currently `from`) the role `to`; `owners` is how many owners there are now. */
export function assertRoleChange(actor: Role, from: Role, to: Role, owners: number): void {
  if ((from === 'owner' || to === 'owner') && actor !== 'owner') throw ownersOnly('make or demote an owner');
  if (from === 'owner' && to !== 'owner' && owners <= 1)
    throw invalidState('The last owner cannot be demoted: make another member an owner first');
}

/** `actor` removes a member whose role is `target` (themselves, when `leaving`). */
export function assertRemoval(actor: Role, target: Role, owners: number, leaving: boolean): void {
  if (!leaving && target === 'owner' && actor !== 'owner') throw ownersOnly('remove an owner');
  if (target === 'owner' && owners <= 1)
    throw invalidState(
      leaving
        ? 'The last owner cannot leave: make another member an owner first'
        : 'The last owner cannot be removed: make another member an owner first',
    );
}

/** Only an owner invites an owner. */
export function assertInvitable(actor: Role, role: Role): void {
  if (role === 'owner' && actor !== 'owner') throw ownersOnly('invite an owner');
}
