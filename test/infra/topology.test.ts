// One topology for cloud and laptop: the synthesized template and the local runtime (the SQS
// emulator's queues, the pollers, the event bus stand-in) wire the queues of functions/topology.ts alike.
import { randomUUID } from 'node:crypto';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENT_RULES, QUEUES, type QueueKey } from '#functions/topology';
import { busTargets, createQueues, localConsumers, type Queues } from '#infra/local/pipeline';
import { synthesizedTemplate, type Template } from '#test/support/cloudformation';

const sqs = new SQSClient({ endpoint: inject('sqsEndpoint'), useQueueUrlAsEndpoint: false });
let template: Template;
let local: Queues;
beforeAll(async () => {
  template = synthesizedTemplate();
  local = await createQueues(sqs, `topology-${randomUUID().slice(0, 8)}`);
}, 120_000);

type Resource = { Type: string; Properties: Record<string, any> };
const resources = (type: string) =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type) as [string, Resource][];
const queueIn = (key: QueueKey, suffix = '') =>
  resources('AWS::SQS::Queue').find(([id]) =>
    new RegExp(`^(Events|Schedules)${QUEUES[key].constructId}${suffix}[0-9A-F]{8}$`).test(id),
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

  it('routes the same events to the same queues on the bus', () => {
    const cloud = resources('AWS::Events::Rule')
      .filter(([, rule]) => rule.Properties.EventPattern)
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
});
