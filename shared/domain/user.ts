// A person who signs in, and their role in each organization they belong to.
import type { Role } from '#shared/domain/roles';

export type User = {
  id: string;
  email: string;
  /** Whether the identity provider verified `email`, as of the last sign-in; invitations need it. */
  email_verified?: boolean;
  status: 'active' | 'disabled';
  last_organization_id?: string;
  created_at: string;
};

export type Membership = {
  organization_id: string;
  organization_name: string;
  user_id: string;
  email: string;
  role: Role;
  created_at: string;
  /**
   * The team's version that wrote this membership (shared/data/members.ts), absent (0) on one that
   * founded its organization: it changes with every change of the membership, and a membership made
   * anew never has a version an earlier one had. Access tokens carry it (docs/security.md).
   */
  version?: number;
};
