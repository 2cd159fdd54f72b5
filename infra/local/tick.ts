// `npm run tick -- <job> [YYYY-MM-DD]`: runs one scheduled job now in the running `npm run dev`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOBS } from '#functions/jobs';

const [job, today] = process.argv.slice(2);
const names = JOBS.map((known) => known.name);
if (!job || !names.includes(job as (typeof names)[number])) {
  console.error(
    `${job ? `There is no job named "${job}". ` : ''}` +
      `Say which job: npm run tick -- <${names.join(' | ')}> [YYYY-MM-DD]`,
  );
  process.exit(1);
}
const devFile = join(process.env.DEV_STATE_DIR ?? '.local', 'dev.json');
if (!existsSync(devFile)) {
  console.error(
    `No running local stack: ${devFile} does not exist. Start it with npm run dev (and the same DEV_STATE_DIR).`,
  );
  process.exit(1);
}
const dev = JSON.parse(readFileSync(devFile, 'utf8')) as { api_base_url: string };
const response = await fetch(`${dev.api_base_url}/__local/jobs/${job}/`, {
  method: 'POST',
  body: JSON.stringify(today ? { today } : {}),
});
console.log(response.status, await response.text());
process.exit(response.ok ? 0 : 1);
