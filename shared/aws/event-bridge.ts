// The EventBridge client of this process; the endpoint comes from the environment
// (AWS_ENDPOINT_URL_EVENTBRIDGE: the local bus stand-in).
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';

let client: EventBridgeClient | undefined;

export const eventBridgeClient = (): EventBridgeClient => (client ??= new EventBridgeClient({}));
