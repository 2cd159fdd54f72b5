// The pieces a route that mails documents needs, made from the configuration once per process.
import { archiveStore } from '#shared/aws/archive-store';
import { sesSender } from '#shared/aws/ses';
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { createMetrics } from '#shared/observability/metrics';

/** What a route that mails documents needs besides its request, from the configuration, once per process. */
export function configuredMailing() {
  const { EMAIL_FROM, EMAIL_CONFIGURATION_SET, PUBLIC_BASE_URL, PAYMENT_PROVIDER } = config();
  return {
    ses: sesSender(),
    renderer: configuredRenderer(),
    archive: archiveStore(),
    metrics: createMetrics(),
    from: EMAIL_FROM,
    configurationSet: EMAIL_CONFIGURATION_SET,
    publicBaseUrl: PUBLIC_BASE_URL,
    payOnline: PAYMENT_PROVIDER !== 'none',
  };
}
