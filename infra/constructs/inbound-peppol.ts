// E-invoices by Peppol in AWS (docs/incoming-invoices.md, "By Peppol"): the Peppol gateway keeps each
// document its access point received under `peppol/` in the incoming bucket and puts a message on the
// incoming-peppol queue, whose worker, the Peppol receiver, takes it into the inbox of the
// organization that receives as its participant.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { QUEUES } from '#functions/topology';
import { PEPPOL_ARRIVAL_PREFIX } from '#shared/peppol/keep-arrival';
import { consume, consumerProps, workQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { ServiceFunction } from '#infra/constructs/service-function';
import type { InboxWiring } from '#infra/constructs/incoming';

/** How long the gateway's copy of an arrival stays under `peppol/`: the inbox keeps its own, and a dead-lettered message can still be redriven. */
export const PEPPOL_ARRIVAL_RETENTION_DAYS = 14;

export type InboundPeppolProps = InboxWiring & {
  gateway: InvokedFunctionConstruct;
};

export class InboundPeppolConstruct extends Construct {
  constructor(
    scope: Construct,
    id: string,
    { gateway, bucket, archiveBucket, reader, table, environment, alarms }: InboundPeppolProps,
  ) {
    super(scope, id);
    const spec = QUEUES.incomingPeppol;
    const { queue } = workQueue(this, alarms, spec, 'received Peppol documents that could not be taken in');

    // The gateway writes arrivals and nothing else: objects under `peppol/`, and the queue's messages.
    gateway.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${PEPPOL_ARRIVAL_PREFIX}*`)],
      }),
    );
    const logicalId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnBucket);
    Validations.of(gateway.function).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/${PEPPOL_ARRIVAL_PREFIX}*]`,
      reason: 'Each arrival is its own object under peppol/, keyed by the hash of its message id: objects only',
    });
    queue.grantSendMessages(gateway.function);
    gateway.function.addEnvironment('INCOMING_BUCKET', bucket.bucketName);
    gateway.function.addEnvironment('PEPPOL_INCOMING_QUEUE_URL', queue.queueUrl);
    bucket.addLifecycleRule({
      id: 'PeppolArrivals',
      prefix: PEPPOL_ARRIVAL_PREFIX,
      expiration: Duration.days(PEPPOL_ARRIVAL_RETENTION_DAYS),
      noncurrentVersionExpiration: Duration.days(1),
    });

    const worker = new ServiceFunction(this, spec.consumer.constructId, {
      ...consumerProps(spec),
      environment: { ...environment, TABLE_NAME: table.tableName, INCOMING_BUCKET: bucket.bucketName },
    });
    grantNeeds(worker, spec.consumer, { table, reader, incomingBucket: bucket, peppolGateway: gateway, archiveBucket });
    consume(worker, queue, spec);
    alarms.onFailures(this, worker, spec.consumer.title);
  }
}
