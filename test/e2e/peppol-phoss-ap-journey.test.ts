// `PEPPOL_ACCESS_POINT=phoss-ap npm run dev`: the Peppol gateway drives the local network as
// phoss-ap, and an invoice and its credit note go from draft to delivered over it (test/e2e/support/peppol-journey.ts).
import { expect, it } from 'vitest';
import { useLocalRuntime } from '#test/e2e/support/local-runtime';
import { peppolJourney } from '#test/e2e/support/peppol-journey';

const runtime = useLocalRuntime({ PEPPOL_ACCESS_POINT: 'phoss-ap' });

it('sends an invoice and its credit note over Peppol through phoss-ap, from draft to delivered, a passing fault tried again', async () => {
  expect(runtime.info.peppol.access_point).toBe('phoss-ap');
  await peppolJourney(runtime);
}, 90_000);
