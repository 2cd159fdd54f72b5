// The access point the deployment chose, built from the gateway's configuration once per cold start:
// its key from the environment (local runs and tests) or from one Secrets Manager secret (AWS).
import { readSecretString } from '#shared/aws/secrets';
import { type Config, required } from '#shared/config';
import type { AccessPoint } from '#shared/peppol/access-point';
import { phossAp } from '#shared/peppol/phoss-ap';
import { storecove } from '#shared/peppol/storecove';

type PeppolSettings = Pick<
  Config,
  | 'PEPPOL_ACCESS_POINT'
  | 'PEPPOL_ACCESS_POINT_URL'
  | 'PEPPOL_API_KEY'
  | 'PEPPOL_LEGAL_ENTITY_IDS'
  | 'PEPPOL_SECRET_ARN'
  | 'PEPPOL_SMP_URL'
  | 'PEPPOL_SML_ZONE'
>;

/** Storecove's production API; phoss-ap has no address but the deployment's own. */
const STORECOVE_API = 'https://api.storecove.com/api/v2';

type Stored = { api_key?: unknown; token?: unknown; legal_entity_ids?: unknown };

async function keysOf(settings: PeppolSettings): Promise<{ key: string; legalEntities: Record<string, number> }> {
  if (settings.PEPPOL_API_KEY)
    return { key: settings.PEPPOL_API_KEY, legalEntities: settings.PEPPOL_LEGAL_ENTITY_IDS ?? {} };
  const arn = required(settings as Config, 'PEPPOL_SECRET_ARN');
  const stored = JSON.parse(await readSecretString(arn)) as Stored;
  const key = settings.PEPPOL_ACCESS_POINT === 'storecove' ? stored.api_key : stored.token;
  if (typeof key !== 'string' || key.length < 8)
    throw new Error(`The Peppol secret has no ${settings.PEPPOL_ACCESS_POINT === 'storecove' ? 'api_key' : 'token'}`);
  const entities = stored.legal_entity_ids ?? {};
  if (typeof entities !== 'object' || Object.values(entities).some((id) => !Number.isInteger(id)))
    throw new Error('The Peppol secret\'s legal_entity_ids must map organization ids (or "default") to whole numbers');
  return { key, legalEntities: entities as Record<string, number> };
}

export async function configuredAccessPoint(settings: PeppolSettings): Promise<AccessPoint> {
  const name = required(settings as Config, 'PEPPOL_ACCESS_POINT');
  const { key, legalEntities } = await keysOf(settings);
  if (name === 'storecove')
    return storecove({
      baseUrl: (settings.PEPPOL_ACCESS_POINT_URL ?? STORECOVE_API).replace(/\/+$/, ''),
      apiKey: key,
      legalEntities,
    });
  return phossAp({
    baseUrl: required(settings as Config, 'PEPPOL_ACCESS_POINT_URL').replace(/\/+$/, ''),
    token: key,
    smp: settings.PEPPOL_SMP_URL
      ? { smpUrl: settings.PEPPOL_SMP_URL.replace(/\/+$/, '') }
      : { smlZone: settings.PEPPOL_SML_ZONE },
  });
}
