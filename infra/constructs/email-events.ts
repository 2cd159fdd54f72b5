// E-mail delivery status in AWS: every e-mail goes through this SES configuration set, whose sending
// events SES publishes to the account's default event bus (the only bus it publishes to). A rule there
// takes this configuration set's events to the e-mail status queue (dead-letter queue and alarm), whose
// worker records each e-mail's status (functions/email-status).
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailSendingEvent,
  EventDestination,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EMAIL_EVENT_RULE, emailEventPattern, QUEUES } from '#functions/topology';
import type { SesEventType } from '#shared/email/ses-events';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import { consume, consumerProps, deadLetterQueue, workQueue } from '#infra/constructs/dead-letters';
import { grantNeeds } from '#infra/constructs/grants';
import { ServiceFunction } from '#infra/constructs/service-function';

/** The configuration set's event types, as CDK names them. */
const SENDING_EVENTS: Record<SesEventType, EmailSendingEvent> = {
  Send: EmailSendingEvent.SEND,
  Delivery: EmailSendingEvent.DELIVERY,
  Bounce: EmailSendingEvent.BOUNCE,
  Complaint: EmailSendingEvent.COMPLAINT,
  Reject: EmailSendingEvent.REJECT,
  DeliveryDelay: EmailSendingEvent.DELIVERY_DELAY,
};

export class EmailEventsConstruct extends Construct {
  readonly configurationSet: ConfigurationSet;
  private readonly queue: Queue;

  constructor(scope: Construct, id: string, { alarms }: { alarms: AlarmsConstruct }) {
    super(scope, id);
    // SES keeps its own account-level suppression list for bounces and complaints as well; the
    // organizations' lists (docs/collections.md) say which tenant's mail caused them.
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    const defaultBus = EventBus.fromEventBusName(this, 'DefaultBus', 'default');
    this.configurationSet.addEventDestination('ToDefaultBus', {
      destination: EventDestination.eventBus(defaultBus),
      events: EMAIL_EVENT_RULE.sesEventTypes.map((type) => SENDING_EVENTS[type]),
    });
    const spec = QUEUES[EMAIL_EVENT_RULE.queue];
    const { queue } = workQueue(this, alarms, spec, 'e-mail events that could not be recorded');
    this.queue = queue;
    const undelivered = deadLetterQueue(
      this,
      alarms,
      'UndeliveredEmailEvents',
      'e-mail events the default bus could not put on their queue',
    );
    const pattern = emailEventPattern(this.configurationSet.configurationSetName);
    new Rule(this, EMAIL_EVENT_RULE.constructId, {
      eventBus: defaultBus,
      description: "The invoicing service's e-mail sending events, to its e-mail status queue",
      eventPattern: { source: pattern.source, detailType: pattern['detail-type'], detail: pattern.detail },
      targets: [new SqsQueue(queue, { deadLetterQueue: undelivered })],
    });
  }

  /** The worker, once the functions' shared environment is known. */
  addWorker({
    table,
    environment,
    alarms,
  }: {
    table: TableV2;
    environment: Record<string, string>;
    alarms: AlarmsConstruct;
  }) {
    const spec = QUEUES[EMAIL_EVENT_RULE.queue];
    const worker = new ServiceFunction(this, spec.consumer.constructId, {
      ...consumerProps(spec),
      environment: { ...environment, TABLE_NAME: table.tableName },
    });
    grantNeeds(worker, spec.consumer, { table });
    consume(worker, this.queue, spec);
    alarms.onFailures(this, worker, spec.consumer.title);
  }
}
