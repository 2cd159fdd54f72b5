// `npm run -s token [-- <email>] [--json]`: signs a demo user in the way a client does — the local
// identity provider's login, then the API's token exchange — and prints the access token (with
// --json, the whole exchange answer: access, refresh, organization). Needs a running `npm run dev`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const json = args.includes('--json');
const email = args.find((arg) => !arg.startsWith('--'));
const devFile = join(process.env.DEV_STATE_DIR ?? '.local', 'dev.json');
if (!existsSync(devFile)) {
  console.error(
    `No running local stack: ${devFile} does not exist. Start it with npm run dev (and the same DEV_STATE_DIR).`,
  );
  process.exit(1);
}
const dev = JSON.parse(readFileSync(devFile, 'utf8')) as {
  api_base_url: string;
  idp_login_url: string;
  users: { email: string; password: string }[];
};
const user = email ? dev.users.find((each) => each.email === email) : dev.users[0];
if (!user) {
  console.error(`No demo user ${email}; the demo users are ${dev.users.map((each) => each.email).join(', ')}`);
  process.exit(1);
}
const post = async (url: string, body: unknown) => {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) {
    console.error(`${url} answered ${answer.status}: ${text}`);
    process.exit(1);
  }
  return JSON.parse(text) as Record<string, unknown>;
};
const { idp_token } = await post(dev.idp_login_url, { email: user.email, password: user.password });
const tokens = await post(`${dev.api_base_url}/api/v1/users/auth/exchange/`, { idp_token });
console.log(json ? JSON.stringify(tokens) : tokens.access);
