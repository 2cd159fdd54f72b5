// Scheduled work on the laptop: a job run on demand (what `npm run tick` does), and a monthly recurring
// invoice with auto_send generated and sent through three months of ticks.
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { TSX, useLocalRuntime } from '#test/e2e/support/local-runtime';
import { JOBS } from '#functions/jobs';

const runtime = useLocalRuntime();
const { api } = runtime;

it('runs a scheduled job on demand, as `npm run tick` does', async () => {
  const response = await fetch(`${runtime.info.api_base_url}/__local/jobs/overdue-sweeper/`, {
    method: 'POST',
    body: JSON.stringify({ today: '2026-01-01' }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ moved: expect.any(Number), examined: expect.any(Number) });
  const unknown = await fetch(`${runtime.info.api_base_url}/__local/jobs/no-such-job/`, { method: 'POST' });
  expect(unknown.status).toBe(404);
  const jobs = JOBS.map((job) => job.name).join(', ');
  expect((await unknown.json()).error.message).toContain(jobs);
  const tick = spawnSync(process.execPath, [TSX, 'infra/local/tick.ts', 'no-such-job'], {
    env: { ...process.env, DEV_STATE_DIR: runtime.stateDir },
    encoding: 'utf8',
  });
  expect([tick.status, tick.stderr.trim()]).toEqual([
    1,
    'There is no job named "no-such-job". ' +
      `Say which job: npm run tick -- <${jobs.replaceAll(', ', ' | ')}> [YYYY-MM-DD]`,
  ]);
});

it('runs a monthly recurring invoice with auto_send through three months on `npm run tick`', async () => {
  const { info } = runtime;
  const own = info.organizations[1]!.api_key;
  const client = await api('POST', '/api/v1/clients/', {
    token: own,
    body: { name: 'Subscriber', email: 'subscriber@monthly.example' },
  });
  const template = await api('POST', '/api/v1/recurring-invoices/', {
    token: own,
    body: {
      client: client.json.id,
      frequency: 'monthly',
      start_date: '2027-01-31',
      auto_send: true,
      line_items: [{ description: 'Monthly plan', quantity: 1, unit_price: '49.00', tax_rate: '20' }],
    },
  });
  expect(template.status).toBe(201);
  // The tick only queues the organization's run; the worker behind the FIFO queue generates it.
  let generated = { json: { results: [] as { invoice_number: string; status: string; total_amount: string }[] } };
  for (const [month, today] of ['2027-01-31', '2027-02-28', '2027-03-31'].entries()) {
    const tick = await fetch(`${info.api_base_url}/__local/jobs/recurring-runner/`, {
      method: 'POST',
      body: JSON.stringify({ today }),
    });
    expect(tick.status).toBe(200);
    expect(await tick.json()).toMatchObject({ organizations: expect.any(Number), messages: expect.any(Number) });
    for (
      let waited = 0;
      generated.json.results.filter((invoice) => invoice.status === 'sent').length < month + 1;
      waited += 200
    ) {
      if (waited > 15_000) throw new Error(`the run of ${today} did not finish`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      generated = await api('GET', `/api/v1/recurring-invoices/${template.json.id}/invoices/`, { token: own });
    }
  }
  const numbers = generated.json.results
    .map((invoice) => Number(invoice.invoice_number.slice(4)))
    .sort((a, b) => a - b);
  expect(numbers).toHaveLength(3);
  expect(numbers[2]! - numbers[0]!).toBe(2);
  expect(generated.json.results.every((invoice) => invoice.status === 'sent' && invoice.total_amount === '58.80')).toBe(
    true,
  );
  const store = (await (await fetch(info.email_store_url)).json()) as { emails: { destination: { to: string[] } }[] };
  expect(store.emails.filter((email) => email.destination.to.includes('subscriber@monthly.example'))).toHaveLength(3);
});
