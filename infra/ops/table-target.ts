// The table an ops command works on: TABLE_NAME (with the usual AWS credentials and region) against
// AWS, or else the running `npm run dev` (DEV_STATE_DIR, default .local).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';

export function targetTable(): string {
  if (!process.env.TABLE_NAME) {
    const dev = JSON.parse(readFileSync(join(process.env.DEV_STATE_DIR ?? '.local', 'dev.json'), 'utf8')) as {
      dynamodb_endpoint: string;
      table_name: string;
    };
    Object.assign(process.env, LOCAL_CREDENTIALS, {
      TABLE_NAME: dev.table_name,
      AWS_ENDPOINT_URL_DYNAMODB: dev.dynamodb_endpoint,
    });
  }
  return process.env.TABLE_NAME!;
}
