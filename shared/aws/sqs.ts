// The SQS client of this process. Queue URLs are used as given, never as the endpoint: the endpoint
// comes from the environment (AWS_ENDPOINT_URL_SQS locally), and the local emulator's queue URLs name
// a virtual host no resolver knows.
import { SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

export const sqsClient = (): SQSClient => (client ??= new SQSClient({ useQueueUrlAsEndpoint: false }));
