// The SES client of this process; the endpoint comes from the environment (AWS_ENDPOINT_URL_SES locally).
import { SESClient } from '@aws-sdk/client-ses';

let client: SESClient | undefined;

export const sesClient = (): SESClient => (client ??= new SESClient({}));
