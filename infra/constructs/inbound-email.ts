// E-invoices by e-mail in AWS (docs/incoming-invoices.md, "By e-mail"): an SES receipt rule for the
// deployment's receiving domain writes each message (scanned, over TLS) to the incoming bucket under
// `email/` and notifies an SNS topic, which hands the notification as it is (raw delivery) to the
// incoming-email queue, whose worker takes the message's attachments into the addressed inboxes.
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { S3 } from 'aws-cdk-lib/aws-ses-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { QUEUES } from '#functions/topology';
import { SES_EMAIL_PREFIX } from '#shared/aws/incoming-store';
import { consume, consumerProps, deadLetterQueue, workQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import { ServiceFunction } from '#infra/constructs/service-function';
import type { InboxWiring } from '#infra/constructs/incoming';

/**
 * How long SES's copy of a message stays under `email/`: the worker keeps its own beside the documents it
 * brought, and a notification that went to the dead-letter queue (kept 14 days) can still be redriven.
 */
export const SES_EMAIL_RETENTION_DAYS = 14;

export type InboundEmailProps = InboxWiring & {
  /** The receiving domain: its MX record points at SES's inbound endpoint of the stack's region. */
  domain: string;
};

export class InboundEmailConstruct extends Construct {
  readonly ruleSet: ReceiptRuleSet;

  constructor(
    scope: Construct,
    id: string,
    { domain, bucket, archiveBucket, reader, table, environment, alarms }: InboundEmailProps,
  ) {
    super(scope, id);
    const spec = QUEUES.incomingEmail;
    const { queue } = workQueue(this, alarms, spec, 'received e-mails that could not be taken in');

    // The notification names the sender and the subject: encrypted with a key SES may use to publish.
    const key = new Key(this, 'NotificationKey', {
      enableKeyRotation: true,
      description: 'Encrypts the notifications of e-mails received for e-invoices',
      // It guards notifications in flight only (the messages are in the bucket): it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    const ses = new ServicePrincipal('ses.amazonaws.com');
    const fromThisAccount = { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } };
    key.addToResourcePolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        principals: [ses],
        resources: ['*'],
        conditions: fromThisAccount,
      }),
    );
    const topic = new Topic(this, 'Received', { masterKey: key, enforceSSL: true });
    topic.addToResourcePolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        principals: [ses],
        resources: [topic.topicArn],
        conditions: fromThisAccount,
      }),
    );
    // What SNS cannot put on the queue (after its own retries) is kept, not dropped.
    const undelivered = deadLetterQueue(
      this,
      alarms,
      'UndeliveredEmail',
      'notifications of received e-mails SNS could not put on their queue',
    );
    topic.addSubscription(new SqsSubscription(queue, { rawMessageDelivery: true, deadLetterQueue: undelivered }));

    bucket.addLifecycleRule({
      id: 'SesEmailDropOff',
      prefix: SES_EMAIL_PREFIX,
      expiration: Duration.days(SES_EMAIL_RETENTION_DAYS),
      noncurrentVersionExpiration: Duration.days(1),
    });
    // Activated by hand after the first deploy (an account has one active rule set; docs/deploy.md).
    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet');
    this.ruleSet.addRule('Invoices', {
      recipients: [domain],
      scanEnabled: true,
      tlsPolicy: TlsPolicy.REQUIRE,
      actions: [new S3({ bucket, objectKeyPrefix: SES_EMAIL_PREFIX, topic })],
    });
    new CfnOutput(Stack.of(this), 'InboundEmailRuleSet', {
      value: this.ruleSet.receiptRuleSetName,
      description: 'The SES receipt rule set to make active: aws ses set-active-receipt-rule-set --rule-set-name …',
    });

    const worker = new ServiceFunction(this, spec.consumer.constructId, {
      ...consumerProps(spec),
      environment: {
        ...environment,
        TABLE_NAME: table.tableName,
        INCOMING_BUCKET: bucket.bucketName,
        INBOUND_EMAIL_DOMAIN: domain,
      },
    });
    grantNeeds(worker, spec.consumer, { table, reader, incomingBucket: bucket, archiveBucket });
    consume(worker, queue, spec);
    alarms.onFailures(this, worker, spec.consumer.title);
  }
}
