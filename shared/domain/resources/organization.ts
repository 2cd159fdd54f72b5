import { numberingOf } from '#shared/domain/numbering';
import { timeZoneOf, type Organization } from '#shared/domain/organization';

export const organizationResource = (organization: Organization) => ({
  id: organization.id,
  name: organization.name,
  subscription_tier: organization.subscription_tier,
  subscription_status: organization.subscription_status,
  default_currency: organization.default_currency,
  time_zone: timeZoneOf(organization),
  invoice_numbering: numberingOf(organization),
  created_at: organization.created_at,
});
