// One topology for cloud and laptop: the synthesized template and the local runtime (the SQS
// emulator's queues, the pollers, the event bus stand-in) wire the queues of functions/topology.ts alike.
import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  EMAIL_EVENT_RULE,
  emailEventPattern,
  EVENT_RULES,
  QUEUES,
  type QueueKey,
  type QueueSpec,
} from '#functions/topology';
import { busTargets, createQueues, emailEventTarget, localConsumers, type Queues } from '#infra/local/pipeline';
import { LOCAL_CONFIGURATION_SET, sesEventsOf } from '#infra/local/ses-events';
import { EVENT_SOURCE } from '#shared/events/publish';
import { synthesizedTemplate, type Template } from '#test/support/cloudformation';

const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });
let template: Template;
let local: Queues;
beforeAll(async () => {
  // With a receiving domain and an access point: their incoming queues are built only then.
  template = synthesizedTemplate({
    inboundEmailDomain: 'invoices.example.com',
    peppol: { accessPoint: 'storecove', secretName: 'invoicing/peppol' },
  });
  local = await createQueues(sqs, `topology-${randomUUID().slice(0, 8)}`);
}, 120_000);

type Resource = { Type: string; Properties: Record<string, any> };
const resources = (type: string) =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type) as [string, Resource][];
const queueIn = (key: QueueKey, suffix = '') =>
  resources('AWS::SQS::Queue').find(([id]) =>
    new RegExp(
      `^(Events|Schedules|Email|InboundEmail|InboundPeppol)${QUEUES[key].constructId}${suffix}[0-9A-F]{8}$`,
    ).test(id),
  )!;
const attributesOf = async (url: string) =>
  (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }))).Attributes!;
const keys = Object.keys(QUEUES) as QueueKey[];

describe('the topology, in the template and in the local runtime', () => {
  it.each(keys)('gives the %s queue and its dead-letter queue the same attributes', async (key) => {
    const [, cloud] = queueIn(key);
    const [deadLetterId, cloudDeadLetters] = queueIn(key, 'Dlq');
    const [mine, mineDeadLetters] = await Promise.all([attributesOf(local[key]), attributesOf(local[`${key}Dlq`])]);
    expect(Number(mine.VisibilityTimeout)).toBe(cloud.Properties.VisibilityTimeout);
    expect(Number(mine.MessageRetentionPeriod)).toBe(cloud.Properties.MessageRetentionPeriod);
    expect(mine.FifoQueue === 'true').toBe(cloud.Properties.FifoQueue === true);
    expect(JSON.parse(mine.RedrivePolicy!).maxReceiveCount).toBe(cloud.Properties.RedrivePolicy.maxReceiveCount);
    expect(cloud.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]).toBe(deadLetterId);
    expect(JSON.parse(mine.RedrivePolicy!).deadLetterTargetArn).toBe(mineDeadLetters.QueueArn);
    expect(Number(mineDeadLetters.MessageRetentionPeriod)).toBe(cloudDeadLetters.Properties.MessageRetentionPeriod);
  });

  it.each(
    keys,
  )('consumes the %s queue with the same batch size, and a function whose timeout the visibility covers', (key) => {
    const [queueId, queue] = queueIn(key);
    const [, mapping] = resources('AWS::Lambda::EventSourceMapping').find(
      ([, candidate]) => candidate.Properties.EventSourceArn?.['Fn::GetAtt']?.[0] === queueId,
    )!;
    const consumer = localConsumers(local).find((candidate) => candidate.queue === key)!;
    expect(consumer.queueUrl).toBe(local[key]);
    expect(mapping.Properties.BatchSize).toBe(consumer.batchSize);
    expect(mapping.Properties.ScalingConfig.MaximumConcurrency).toBe(QUEUES[key].consumer.maxConcurrency);
    const fn = template.Resources[mapping.Properties.FunctionName.Ref]!;
    expect(fn.Properties!.Timeout).toBe(QUEUES[key].consumer.timeoutSeconds);
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * (fn.Properties!.Timeout as number));
  });

  it.each(keys)('gives the consumer of the %s queue the permissions the table declares for it, and no more', (key) => {
    const [queueId] = queueIn(key);
    const [, mapping] = resources('AWS::Lambda::EventSourceMapping').find(
      ([, candidate]) => candidate.Properties.EventSourceArn?.['Fn::GetAtt']?.[0] === queueId,
    )!;
    const functionId = mapping.Properties.FunctionName.Ref as string;
    const { consumer } = QUEUES[key] as QueueSpec;
    expect(functionId).toMatch(
      new RegExp(`^(Events|Schedules|Email|InboundEmail|InboundPeppol)${consumer.constructId}[0-9A-F]{8}$`),
    );
    const roleId = (template.Resources[functionId]!.Properties!.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const statements = resources('AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]);
    const actions = new Set(statements.flatMap((statement) => [statement.Action].flat()));
    const declared = {
      'dynamodb:Query': true,
      'dynamodb:PutItem': consumer.table === 'readWrite',
      'sqs:SendMessage': Boolean(
        consumer.queuesDeliveries || consumer.retriesDeliveries || consumer.queuesPeppolChecks,
      ),
      'sqs:ChangeMessageVisibility': true, // its own queue's, for every consumer
      's3:PutObject': Boolean(consumer.writesExports || consumer.receivesInvoices || consumer.archives),
      's3:GetObject': Boolean(consumer.readsIncoming || consumer.archives),
      's3:PutObjectRetention': Boolean(consumer.archives),
      'ses:SendRawEmail': Boolean(consumer.sendsEmail),
      'lambda:InvokeFunction': Boolean(consumer.rendersDocuments || consumer.receivesInvoices || consumer.usesPeppol),
    };
    expect(Object.fromEntries(Object.keys(declared).map((action) => [action, actions.has(action)]))).toEqual(declared);
  });

  it('routes the same events to the same queues on the bus', () => {
    const cloud = resources('AWS::Events::Rule')
      .filter(([, rule]) => rule.Properties.EventPattern?.source?.[0] === EVENT_SOURCE)
      .map(([, rule]) => ({
        queue: keys.find((key) => queueIn(key)[0] === rule.Properties.Targets[0].Arn['Fn::GetAtt'][0]),
        detailTypes: rule.Properties.EventPattern['detail-type'],
      }));
    const mine = busTargets(local).map((target) => ({
      queue: keys.find((key) => local[key] === target.queueUrl),
      detailTypes: target.detailTypes ? [...target.detailTypes] : undefined,
    }));
    expect(cloud).toHaveLength(EVENT_RULES.length);
    expect(mine).toEqual(cloud);
  });

  it("takes the configuration set's SES events from the default bus to the e-mail status queue, as the laptop does", async () => {
    const [configurationSetId] = resources('AWS::SES::ConfigurationSet')[0]!;
    const [, destination] = resources('AWS::SES::ConfigurationSetEventDestination')[0]!;
    expect(destination.Properties.ConfigurationSetName).toEqual({ Ref: configurationSetId });
    const published = destination.Properties.EventDestination;
    expect(JSON.stringify(published.EventBridgeDestination.EventBusArn)).toContain(':event-bus/default');
    expect([...published.MatchingEventTypes].sort()).toEqual(
      ['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject', 'send'].sort(),
    );
    const [, rule] = resources('AWS::Events::Rule').find(
      ([, candidate]) => candidate.Properties.EventPattern?.source?.[0] === 'aws.ses',
    )!;
    expect(rule.Properties.EventBusName).toBe('default');
    expect(rule.Properties.EventPattern).toEqual(emailEventPattern({ Ref: configurationSetId } as never));
    expect(rule.Properties.Targets[0].Arn['Fn::GetAtt'][0]).toBe(queueIn(EMAIL_EVENT_RULE.queue)[0]);
    expect(rule.Properties.Targets[0].DeadLetterConfig).toBeDefined();

    // The laptop's SES path, through the same pattern: its configuration set's events land on the same queue.
    const form = new URLSearchParams({
      Action: 'SendRawEmail',
      ConfigurationSetName: LOCAL_CONFIGURATION_SET,
      'Destinations.member.1': 'someone@example.com',
      Source: 'Billing <billing@acme.example>',
      'RawMessage.Data': Buffer.from('Subject: Hi\r\n\r\nBody').toString('base64'),
    });
    const { sent, outcomes } = sesEventsOf(form, 'local-message', new Date());
    await emailEventTarget(sqs, local, 'another-configuration-set')(sent);
    await emailEventTarget(sqs, local, LOCAL_CONFIGURATION_SET)(outcomes[0]![0]!);
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: local[EMAIL_EVENT_RULE.queue],
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    expect(Messages.map((message) => JSON.parse(message.Body!)['detail-type'])).toEqual(['Email Delivered']);
  });
});
