// Properties of the synthesized template that the design depends on.
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_EVENT_TYPES } from '#shared/reports/contributions';
import { JOBS, type Job } from '#functions/jobs';
import {
  DOCUMENT_RENDERER,
  E_INVOICE_READER,
  filterPatternOf,
  LOG_SUBSCRIPTIONS,
  PAYMENT_GATEWAY,
  PEPPOL_GATEWAY,
  QUEUES,
} from '#functions/topology';
import { ROUTES, servedRoutes } from '#functions/routes';
import { gatewayPath, logicalId, ROUTE_STACKS } from '#infra/constructs/api';
import { InvoicingStack } from '#infra/stack';
import { TABLE_DEFINITION } from '#shared/data/table-definition';
import { synthesizedWholeTemplate } from '#test/support/cloudformation';

// Synthesized without bundling, as every template of this file: the assertions read wiring only;
// bundling is tested in test/infra/bundling.test.ts (docs/architecture.md, "Tests and CI").
let template: Template;
/** The same deployment with a Peppol access point as well: every queue of the topology is built. */
let everyQueue: Template;
const PEPPOL = { accessPoint: 'storecove', secretName: 'invoicing/peppol' } as const;
beforeAll(() => {
  const props = {
    emailFrom: 'Acme Billing <billing@acme.example>',
    stripeSecretName: 'invoicing/stripe',
    inboundEmailDomain: 'invoices.acme.example',
  };
  template = templateOf(props);
  everyQueue = templateOf({ ...props, peppol: PEPPOL });
}, 120_000);

/** The routes of the Stripe deployment above: every route but the sandbox's pages. */
const SERVED = servedRoutes('stripe');

/** Another deployment's template, synthesized without bundling the functions (the assertions read wiring only). */
const templateOf = synthesizedWholeTemplate;

/** Route functions: those that get the table's name, outside the pipeline and schedules. */
const isRouteFunction = (id: string) => !/^(Events|Schedules|Email|InboundEmail|Auth|LogSubscriptions)/.test(id);

type Statement = { Action: string | string[]; Effect: string };
/** Route functions are the API construct's functions that get the table's name. */
const routeFunctions = () =>
  Object.fromEntries(
    Object.entries(template.findResources('AWS::Lambda::Function')).filter(
      ([id, fn]) => isRouteFunction(id) && fn.Properties.Environment?.Variables?.TABLE_NAME,
    ),
  );
const actionsOf = (logical: string) => {
  const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) =>
    id.startsWith(`${logical}ServiceRoleDefaultPolicy`),
  );
  expect(policy, logical).toBeDefined();
  return (policy![1].Properties.PolicyDocument.Statement as Statement[]).flatMap((statement) =>
    [statement.Action].flat(),
  );
};

/** The S3 actions of a function's statements on one bucket's objects (in a nested stack, through its parameter). */
const actionsOn = (logical: string, bucketId: string) => {
  const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) =>
    id.startsWith(`${logical}ServiceRoleDefaultPolicy`),
  );
  expect(policy, logical).toBeDefined();
  const nested = `referencetoOther${bucketId.replace(/[0-9A-F]{8}$/, '')}`;
  return (policy![1].Properties.PolicyDocument.Statement as Statement[])
    .filter((statement) => {
      const resource = JSON.stringify((statement as { Resource?: unknown }).Resource);
      return resource.includes(bucketId) || resource.includes(nested);
    })
    .flatMap((statement) => [statement.Action].flat())
    .filter((action) => action.startsWith('s3:'))
    .sort();
};

/** The functions with an S3 statement on `bucketId` (in a nested stack, through the parameter named after it). */
const bucketUsers = (bucketId: string) =>
  Object.keys(template.findResources('AWS::IAM::Policy'))
    .filter((id) => {
      const policy = JSON.stringify(template.toJSON().Resources[id]);
      const nested = `referencetoOther${bucketId.replace(/[0-9A-F]{8}$/, '')}`;
      return policy.includes('"s3:') && (policy.includes(bucketId) || policy.includes(nested));
    })
    .map((id) => id.replace(/ServiceRoleDefaultPolicy.*/, ''))
    .sort();

describe('stack', () => {
  it('streams the usage lines of every route an API key may call to the usage consumer, keeping failed batches', () => {
    const [usage] = LOG_SUBSCRIPTIONS;
    const filters = Object.values(template.findResources('AWS::Logs::SubscriptionFilter'));
    const fromRoutes = SERVED.filter(usage!.fromRoutes);
    expect(fromRoutes.length).toBeGreaterThan(20);
    expect(filters).toHaveLength(fromRoutes.length);
    for (const filter of filters) expect(filter.Properties.FilterPattern).toBe(filterPatternOf(usage!));
    const logGroups = filters.map((filter) => filter.Properties.LogGroupName.Ref as string);
    for (const route of fromRoutes)
      expect(
        logGroups.filter((id) => id.startsWith(`${logicalId(route.name)}Logs`)),
        route.name,
      ).toHaveLength(1);
    const consumers = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) =>
      id.startsWith(`LogSubscriptions${usage!.constructId}Consumer`),
    );
    expect(consumers).toHaveLength(1);
    const [consumerId] = consumers[0]!;
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: consumerId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('Failures'), 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [consumerId, 'Arn'] },
      Principal: 'logs.amazonaws.com',
    });
  });

  it('has one function per route, with tracing; every function, providers included, on Node 24 and arm64', () => {
    const functions = Object.values(routeFunctions());
    expect(functions).toHaveLength(SERVED.length);
    for (const fn of functions) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    const all = Object.entries(template.findResources('AWS::Lambda::Function'));
    expect(all.some(([id]) => id.includes('Providerframework'))).toBe(true);
    for (const [id, fn] of all) {
      expect(fn.Properties.Runtime, id).toBe('nodejs24.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
    }
  });

  it('lets no function read its source map at a cold start: stacks are mapped when an error is logged', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    for (const [id, fn] of functions)
      expect(fn.Properties.Environment?.Variables?.NODE_OPTIONS ?? '', id).not.toContain('source-maps');
  });

  it('gives every log group an expiry, deleted with the stack', () => {
    const groups = Object.entries(template.findResources('AWS::Logs::LogGroup'));
    expect(groups.length).toBeGreaterThan(SERVED.length);
    for (const [id, group] of groups) {
      expect(group.Properties.RetentionInDays, id).toBeGreaterThan(0);
      expect(group.DeletionPolicy, id).toBe('Delete');
    }
    for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function')))
      expect(fn.Properties.LoggingConfig?.LogGroup, id).toBeDefined();
  });

  it('reserves no concurrency unless asked to, and bounds every queue worker by its event source instead', () => {
    const reserved = (of: Template) =>
      Object.values(of.findResources('AWS::Lambda::Function')).filter(
        (fn) => fn.Properties.ReservedConcurrentExecutions !== undefined,
      );
    expect(reserved(everyQueue)).toEqual([]);
    const queueMappings = Object.values(everyQueue.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => mapping.Properties.StartingPosition === undefined,
    );
    expect(queueMappings.length).toBe(Object.keys(QUEUES).length);
    for (const mapping of queueMappings)
      expect(mapping.Properties.ScalingConfig?.MaximumConcurrency).toBeGreaterThanOrEqual(2);
    const opted = templateOf(
      { inboundEmailDomain: 'invoices.acme.example', peppol: PEPPOL },
      { reserveConcurrency: 'true' },
    );
    const sum = reserved(opted).reduce((total, fn) => total + fn.Properties.ReservedConcurrentExecutions, 0);
    const consumers = Object.values(QUEUES).map((queue) => queue.consumer);
    expect(reserved(opted).length).toBe(consumers.length + JOBS.length);
    expect(sum).toBe(consumers.reduce((total, consumer) => total + consumer.maxConcurrency, 0) + JOBS.length);
  });

  it('keeps every template under 300 resources today, and under 350 with 40 more routes', () => {
    const templateSizes = (props: ConstructorParameters<typeof InvoicingStack>[2]) => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      new InvoicingStack(app, 'Limits', props);
      const { directory } = app.synth();
      return Object.fromEntries(
        readdirSync(directory)
          .filter((file) => file.endsWith('.template.json'))
          .map((file) => [file, Object.keys(JSON.parse(readFileSync(join(directory, file), 'utf8')).Resources).length]),
      );
    };
    const today = templateSizes({});
    const hypothetical = ROUTES.slice(0, 40).map((route, index) => ({
      ...route,
      path: `/api/v1/future/{id}/step-${index}/` as const,
    }));
    const grown = templateSizes({ routes: [...servedRoutes('none'), ...hypothetical] });
    expect(Object.keys(today).length).toBeGreaterThan(1);
    expect(Object.keys(grown).length).toBe(Object.keys(today).length + 1);
    // A route costs eight resources (function, role, policy, log group, its usage subscription, API route,
    // integration, invoke permission): 40 more in one concern stay far below CloudFormation's 500.
    for (const [file, count] of Object.entries(today)) expect(count, file).toBeLessThan(300);
    for (const [file, count] of Object.entries(grown)) expect(count, file).toBeLessThanOrEqual(350);
    // New routes land in nested stacks: the parent grows by the one nested stack of the new concern.
    expect(grown['Limits.template.json']).toBe(today['Limits.template.json']! + 1);
  });

  it('gives every first path segment a listed nested stack, and keeps the route stacks a deployed stack has', () => {
    const segments = new Set(ROUTES.map((route) => route.path.split('/')[3]!));
    expect([...segments].filter((segment) => !(segment in ROUTE_STACKS))).toEqual([]);
    const nested = Object.keys(template.findResources('AWS::CloudFormation::Stack')).sort();
    // Logical ids of deployed nested stacks: a renamed one would be created anew beside the old one, and its
    // routes' keys would collide with the old one's.
    expect(nested).toEqual(
      [
        'ApiAccessRoutesNestedStackAccessRoutesNestedStackResource899AA16B',
        'ApiArchiveRoutesNestedStackArchiveRoutesNestedStackResourceFF624B5C',
        'ApiAutomationRoutesNestedStackAutomationRoutesNestedStackResource27654697',
        'ApiBillingRoutesNestedStackBillingRoutesNestedStackResource87088601',
        'ApiCreditNotesRoutesNestedStackCreditNotesRoutesNestedStackResourceE00DDB45',
        'ApiInboxRoutesNestedStackInboxRoutesNestedStackResource24A1779C',
        'ApiOpenapijsonRoutesNestedStackOpenapijsonRoutesNestedStackResource789FD4BB',
        'ApiPeppolRoutesNestedStackPeppolRoutesNestedStackResourceB46C41DF',
        'ApiPublicRoutesNestedStackPublicRoutesNestedStackResource14739604',
        'ApiQuotesRoutesNestedStackQuotesRoutesNestedStackResource32DEC076',
        'ApiReconciliationRoutesNestedStackReconciliationRoutesNestedStackResourceFBBFF5A3',
      ].sort(),
    );
  });

  it('routes every entry of functions/routes.ts', () => {
    const keys = Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
      .map((route) => route.Properties.RouteKey)
      .sort();
    expect(keys).toEqual(SERVED.map((route) => `${route.method} ${gatewayPath(route)}`).sort());
  });

  it('builds the table from the shared definition: keys, indexes, stream, TTL, PITR', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('grants read-only routes no write action but the counter updates', () => {
    const readOnly = SERVED.filter((route) => route.table === 'read');
    expect(readOnly.length).toBeGreaterThan(0);
    for (const route of readOnly) {
      const actions = actionsOf(logicalId(route.name));
      expect(
        actions.some((action) => /dynamodb:(Put|Delete|BatchWrite)/.test(action)),
        route.name,
      ).toBe(false);
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']));
    }
  });

  it('gives writing routes write access', () => {
    expect(actionsOf('CreateInvoice')).toContain('dynamodb:PutItem');
  });

  it('lets only the token and list endpoints read secrets; gives the private key to no environment', () => {
    for (const route of SERVED) {
      const reads = actionsOf(logicalId(route.name)).includes('secretsmanager:GetSecretValue');
      expect(reads, route.name).toBe(Boolean(route.signsTokens || route.signsCursors));
    }
    for (const fn of Object.values(routeFunctions())) {
      expect(fn.Properties.Environment.Variables).not.toHaveProperty('ACCESS_TOKEN_PRIVATE_JWK');
      expect(fn.Properties.Environment.Variables).toHaveProperty('ACCESS_TOKEN_PUBLIC_JWKS');
    }
  });

  it('lets only the sending route send e-mail, only from the configured address, through the configuration set', () => {
    const statements = (logical: string) => {
      const policy = Object.entries(template.findResources('AWS::IAM::Policy')).find(([id]) =>
        id.startsWith(`${logical}ServiceRoleDefaultPolicy`),
      )!;
      return policy[1].Properties.PolicyDocument.Statement as {
        Action: string | string[];
        Condition?: object;
        Resource: unknown;
      }[];
    };
    for (const route of SERVED) {
      const sends = statements(logicalId(route.name)).filter((statement) =>
        [statement.Action].flat().includes('ses:SendRawEmail'),
      );
      expect(sends.length, route.name).toBe((route as { sendsEmail?: boolean }).sendsEmail ? 1 : 0);
      if (sends[0]) expect(sends[0].Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'billing@acme.example' } });
      // SES authorizes a sending on its configuration set too: without it every send is refused.
      if (sends[0]) expect(JSON.stringify(sends[0].Resource)).toContain(':configuration-set/');
    }
    for (const fn of Object.values(routeFunctions()))
      expect(fn.Properties.Environment.Variables.EMAIL_CONFIGURATION_SET).toBeDefined();
  });

  it('gives the Stripe secret to the payment gateway only, which the payment routes invoke by name', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    const holders = functions.filter(([, fn]) => fn.Properties.Environment?.Variables?.STRIPE_SECRET_ARN);
    expect(holders.map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))).toEqual([`Payments${PAYMENT_GATEWAY.constructId}`]);
    const [gatewayId, gateway] = holders[0]!;
    expect(gateway.Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
    expect(actionsOf(`Payments${PAYMENT_GATEWAY.constructId}`).filter((action) => !action.startsWith('xray:'))).toEqual(
      ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
    );
    for (const route of SERVED) {
      const variables =
        routeFunctions()[Object.keys(routeFunctions()).find((id) => id.startsWith(logicalId(route.name)))!]!.Properties
          .Environment.Variables;
      const named = variables.PAYMENT_GATEWAY_FUNCTION as { Ref?: string } | undefined;
      expect(Boolean(named), route.name).toBe(Boolean(route.usesStripe));
      if (named) expect(named.Ref, route.name).toMatch(new RegExp(gatewayId.slice(0, -8)));
      expect(actionsOf(logicalId(route.name)).includes('lambda:InvokeFunction'), route.name).toBe(
        Boolean(route.usesStripe || route.rendersDocuments || route.receivesInvoices),
      );
    }
  });

  it('puts no secret value in any function environment: secrets are read from Secrets Manager by ARN', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    const secrets = new Set(Object.keys(template.findResources('AWS::SecretsManager::Secret')));
    for (const [id, fn] of functions) {
      const variables = (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(JSON.stringify(variables), id).not.toMatch(/resolve:(secretsmanager|ssm-secure)|SecretString/);
      expect(
        Object.keys(variables).filter((name) => !name.endsWith('_ARN') && /SECRET|PRIVATE/.test(name)),
        id,
      ).toEqual([]);
      // A Ref to a secret resource is its ARN, and only *_SECRET_ARN variables may hold one.
      for (const [name, value] of Object.entries(variables)) {
        const referenced = /"Ref":"([^"]+)"/.exec(JSON.stringify(value))?.[1];
        if (referenced && secrets.has(referenced)) expect(name, id).toMatch(/_SECRET_ARN$/);
      }
    }
    const listRoutes = SERVED.filter((route) => route.signsCursors);
    expect(listRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of SERVED) {
      const variables =
        routeFunctions()[Object.keys(routeFunctions()).find((id) => id.startsWith(logicalId(route.name)))!]!.Properties
          .Environment.Variables;
      expect('CURSOR_SECRET_ARN' in variables, route.name).toBe(Boolean(route.signsCursors));
    }
  });

  it('never lets a deployed function deliver webhooks to loopback addresses', () => {
    for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment?.Variables?.WEBHOOK_ALLOW_LOOPBACK_HTTP, id).toBeUndefined();
    }
  });

  it('serves the sandbox payment pages only in a deployment that opted into test mode', () => {
    const sandboxRoutes = ROUTES.filter((route) => 'sandboxOnly' in route && route.sandboxOnly);
    expect(sandboxRoutes.length).toBe(2);
    const routeKeys = (of: Template) =>
      Object.values(of.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey as string);
    const providers = (of: Template) =>
      new Set(
        Object.values(of.findResources('AWS::Lambda::Function'))
          .map((fn) => fn.Properties.Environment?.Variables?.PAYMENT_PROVIDER)
          .filter(Boolean),
      );
    const plain = templateOf({});
    const testMode = templateOf({ paymentsSandbox: true });
    for (const route of sandboxRoutes) {
      expect(routeKeys(template)).not.toContain(`${route.method} ${gatewayPath(route)}`);
      expect(routeKeys(plain)).not.toContain(`${route.method} ${gatewayPath(route)}`);
      expect(routeKeys(testMode)).toContain(`${route.method} ${gatewayPath(route)}`);
    }
    expect(providers(template)).toEqual(new Set(['stripe']));
    expect(providers(plain)).toEqual(new Set(['none']));
    expect(providers(testMode)).toEqual(new Set(['sandbox']));
    expect(() => templateOf({ paymentsSandbox: true, stripeSecretName: 'invoicing/stripe' })).toThrow(
      /one payment provider/,
    );
  });

  it('drives a Peppol access point from one gateway function only where the deployment names one', () => {
    const peppolRoutes = ROUTES.filter((route) => 'usesPeppol' in route && route.usesPeppol);
    expect(peppolRoutes.length).toBeGreaterThan(0);
    const gatewayOf = (of: Template) =>
      Object.entries(of.findResources('AWS::Lambda::Function')).filter(
        ([, fn]) => fn.Properties.Environment?.Variables?.PEPPOL_ACCESS_POINT,
      );
    expect(gatewayOf(template)).toEqual([]);
    const withPeppol = templateOf({
      peppol: { accessPoint: 'phoss-ap', secretName: 'invoicing/peppol', url: 'https://ap.acme.example' },
    });
    const [[gatewayId, gateway]] = gatewayOf(withPeppol) as [[string, { Properties: Record<string, any> }]];
    expect(gateway.Properties.Environment.Variables).toMatchObject({
      PEPPOL_ACCESS_POINT: 'phoss-ap',
      PEPPOL_ACCESS_POINT_URL: 'https://ap.acme.example',
      PEPPOL_SECRET_ARN: expect.anything(),
    });
    expect(gateway.Properties.Timeout).toBe(PEPPOL_GATEWAY.timeoutSeconds);
    // Only the gateway reads the secret; the Peppol routes may invoke it and are told its name; nothing else is.
    const functions = withPeppol.findResources('AWS::Lambda::Function');
    for (const [id, fn] of Object.entries(functions)) {
      const variables = fn.Properties.Environment?.Variables ?? {};
      const named = 'PEPPOL_GATEWAY_FUNCTION' in variables;
      const isPeppolUser =
        peppolRoutes.some((route) => id.startsWith(logicalId(route.name))) ||
        id.startsWith(`Events${QUEUES.peppol.consumer.constructId}`) ||
        id.startsWith(`InboundPeppol${QUEUES.incomingPeppol.consumer.constructId}`);
      expect(named, id).toBe(isPeppolUser);
      if (id !== gatewayId) expect('PEPPOL_SECRET_ARN' in variables, id).toBe(false);
    }
    expect(() => templateOf({ peppol: { accessPoint: 'phoss-ap', secretName: 'invoicing/peppol' } })).toThrow(
      /peppolAccessPointUrl/,
    );
  });

  it('runs every job of functions/jobs.ts on its EventBridge schedule', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule'));
    for (const job of JOBS) {
      expect(
        rules.some((rule) => rule.Properties.ScheduleExpression === job.schedule),
        job.name,
      ).toBe(true);
    }
    const sweeper = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith(`Schedules${logicalId(JOBS[0].name)}`),
    );
    expect(sweeper?.[1].Properties.Environment.Variables.TABLE_NAME).toBeDefined();
  });

  it('gives every queue with a consumer a DLQ and a visibility timeout six times the consumer’s timeout', () => {
    const queues = everyQueue.findResources('AWS::SQS::Queue');
    const functions = everyQueue.findResources('AWS::Lambda::Function');
    const mappings = Object.values(everyQueue.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) =>
        mapping.Properties.EventSourceArn?.['Fn::GetAtt']?.[1] === 'Arn' &&
        queues[mapping.Properties.EventSourceArn['Fn::GetAtt'][0]],
    );
    expect(mappings.length).toBe(Object.keys(QUEUES).length);
    for (const mapping of mappings) {
      const queue = queues[mapping.Properties.EventSourceArn['Fn::GetAtt'][0]]!;
      const consumer = functions[mapping.Properties.FunctionName.Ref]!;
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * consumer.Properties.Timeout);
      expect(queue.Properties.RedrivePolicy?.deadLetterTargetArn).toBeDefined();
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    }
  });

  it('feeds the publisher only outbox event items from the stream, and alarms on every dead-letter queue', () => {
    const streamMapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
      (mapping) => mapping.Properties.StartingPosition === 'TRIM_HORIZON',
    )!;
    expect(JSON.stringify(streamMapping.Properties.FilterCriteria)).toContain('\\"event\\"');
    expect(streamMapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const queues = template.findResources('AWS::SQS::Queue');
    const depthAlarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    const alarmed = new Set(depthAlarms.map((alarm) => alarm.Properties.Dimensions[0].Value['Fn::GetAtt'][0]));
    // Every redrive target, the stream mapping's and the log consumers' on-failure destinations and the rules'
    // dead-letter queues.
    const redriveTargets = Object.values(queues).flatMap((queue) =>
      queue.Properties.RedrivePolicy ? [queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]] : [],
    );
    const streamFailures = streamMapping.Properties.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    const ruleTargets = Object.values(template.findResources('AWS::Events::Rule')).flatMap(
      (rule) => rule.Properties.Targets,
    );
    expect(ruleTargets.length).toBeGreaterThan(0);
    const ruleDeadLetters = ruleTargets.map(
      (target: { DeadLetterConfig?: { Arn: { 'Fn::GetAtt': string[] } } }) =>
        target.DeadLetterConfig?.Arn['Fn::GetAtt'][0],
    );
    expect(ruleDeadLetters.every((id: string | undefined) => id && queues[id])).toBe(true);
    const asyncFailures = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')).flatMap((config) => {
      const destination = config.Properties.DestinationConfig?.OnFailure?.Destination?.['Fn::GetAtt']?.[0];
      return destination && queues[destination] ? [destination] : [];
    });
    expect(asyncFailures.length).toBeGreaterThanOrEqual(LOG_SUBSCRIPTIONS.length);
    // What SNS could not deliver from the received-e-mail topic to its queue.
    const subscriptionDeadLetters = Object.values(template.findResources('AWS::SNS::Subscription')).map(
      (subscription) => subscription.Properties.RedrivePolicy?.deadLetterTargetArn['Fn::GetAtt'][0],
    );
    expect(subscriptionDeadLetters.length).toBe(1);
    expect(
      new Set([...redriveTargets, streamFailures, ...ruleDeadLetters, ...asyncFailures, ...subscriptionDeadLetters]),
    ).toEqual(alarmed);
    expect(alarmed.size).toBe(16);
  });

  it('sends every alarm to the alarm topic; alarms on worker failures, API errors and latency, and stream lag', () => {
    const topic = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
    const alarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm'));
    for (const [id, alarm] of alarms) expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: topic }]);
    const functions = template.findResources('AWS::Lambda::Function');
    const background = Object.keys(functions).filter((id) => /^(Events|Schedules|Email)/.test(id));
    expect(background.length).toBe(8 + JOBS.length + 1 + 1);
    const watched = new Set(
      alarms.flatMap(([, alarm]) =>
        (alarm.Properties.Metrics ?? []).flatMap(
          (query: { MetricStat?: { Metric: { Dimensions?: { Value: { Ref?: string } }[] } } }) =>
            query.MetricStat?.Metric.Dimensions?.map((dimension) => dimension.Value.Ref) ?? [],
        ),
      ),
    );
    for (const id of background) expect(watched.has(id), id).toBe(true);
    const described = alarms.map(([, alarm]) => String(alarm.Properties.AlarmDescription));
    for (const text of ['5xx', 'p99 latency', 'behind the table stream'])
      expect(
        described.some((description) => description.includes(text)),
        text,
      ).toBe(true);
  });

  it('keeps export files private, encrypted, TLS-only and seven days; only the worker writes, only get-export reads', () => {
    const buckets = Object.entries(template.findResources('AWS::S3::Bucket'));
    expect(buckets.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'ArchiveBucket',
      'ExportsBucket',
      'IncomingBucket',
    ]);
    const [bucketId, bucket] = buckets.find(([id]) => id.startsWith('ExportsBucket'))!;
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({
      SSEAlgorithm: 'AES256',
    });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        ExpirationInDays: 7,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    ]);
    const [, policy] = Object.entries(template.findResources('AWS::S3::BucketPolicy')).find(([id]) =>
      id.startsWith('ExportsBucket'),
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    expect(actionsOn('EventsExportWorker', bucketId)).toEqual(['s3:AbortMultipartUpload', 's3:PutObject']);
    expect(actionsOn('GetExport', bucketId)).toEqual(['s3:GetObject']);
    expect(bucketUsers(bucketId)).toEqual(['EventsExportWorker', 'GetExport']);
    const functions = template.findResources('AWS::Lambda::Function');
    const worker = Object.entries(functions).find(([id]) => id.startsWith('EventsExportWorker'))![1];
    expect(worker.Properties.Environment.Variables.EXPORT_BUCKET).toEqual({ Ref: bucketId });
    // Download links are signed for the bucket's regional host, which CloudFormation knows per partition.
    const getExport = Object.entries(functions).find(([id]) => id.startsWith('GetExport'))![1];
    expect(getExport.Properties.Environment.Variables.EXPORT_BUCKET_DOMAIN).toEqual({
      Ref: expect.stringMatching(/ExportsBucket\w*RegionalDomainName$/),
    });
  });

  it('locks the archive in compliance mode for ten years, versioned and retained; what archives may write and read, nobody delete', () => {
    const [bucketId, bucket] = Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('ArchiveBucket'),
    )!;
    expect(bucket.Properties.ObjectLockEnabled).toBe(true);
    expect(bucket.Properties.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 3653 } },
    });
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.LifecycleConfiguration).toBeUndefined();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({ SSEAlgorithm: 'AES256' });
    const [, policy] = Object.entries(template.findResources('AWS::S3::BucketPolicy')).find(([id]) =>
      id.startsWith('ArchiveBucket'),
    )!;
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    const archiving = [
      ...SERVED.filter((route) => route.archives).map((route) => logicalId(route.name)),
      ...(JOBS as readonly Job[]).filter((job) => job.archives).map((job) => `Schedules${logicalId(job.name)}`),
      // The queue workers this deployment has: the inbound ones come with a receiving domain or an access point.
      ...Object.values(QUEUES)
        .filter((queue) => (queue.consumer as { archives?: boolean }).archives)
        .map((queue) => queue.consumer.constructId)
        .filter((id) => Object.keys(template.findResources('AWS::Lambda::Function')).some((fn) => fn.includes(id))),
    ];
    expect(archiving.length).toBeGreaterThan(10);
    // Objects only, and never a delete: on the archive every function that may write has exactly these.
    for (const user of bucketUsers(bucketId))
      expect(actionsOn(user, bucketId), user).toEqual(['s3:GetObject', 's3:PutObject', 's3:PutObjectRetention']);
    const users = bucketUsers(bucketId);
    for (const fn of archiving)
      expect(
        users.some((user) => user.startsWith(fn) || user.endsWith(fn)),
        `${fn} may write the archive`,
      ).toBe(true);
    expect(users).toHaveLength(archiving.length);
  });

  it('keeps received e-invoices private, encrypted, TLS-only, versioned and retained; the reader alone reads and writes them all', () => {
    const [bucketId, bucket] = Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('IncomingBucket'),
    )!;
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    // Only SES's drop-off of received e-mails expires; the documents taken from them are kept.
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ Id: 'SesEmailDropOff', Prefix: 'email/', Status: 'Enabled' }),
    ]);
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(
      bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault,
    ).toEqual({
      SSEAlgorithm: 'AES256',
    });
    const s3Actions = (logical: string) => actionsOn(logical, bucketId);
    expect(s3Actions(`Reading${E_INVOICE_READER.constructId}`)).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(s3Actions(logicalId('create-incoming-invoice'))).toEqual(['s3:DeleteObject', 's3:PutObject']);
    const readRoutes = SERVED.filter((route) => route.readsIncoming).map((route) => logicalId(route.name));
    for (const route of readRoutes) expect(s3Actions(route), route).toEqual(['s3:GetObject']);
    // The e-mail receiver reads what SES dropped off and keeps each attachment as the upload route keeps a file.
    const emailReceiver = `InboundEmail${QUEUES.incomingEmail.consumer.constructId}`;
    expect(s3Actions(emailReceiver)).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(bucketUsers(bucketId)).toEqual(
      [
        `Reading${E_INVOICE_READER.constructId}`,
        logicalId('create-incoming-invoice'),
        emailReceiver,
        ...readRoutes,
      ].sort(),
    );
    // Nobody may delete but the route that deletes only what the reader refused; the reader has no delete.
    const reader = Object.entries(template.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith(`Reading${E_INVOICE_READER.constructId}`),
    )![1];
    expect(reader.Properties.Environment.Variables.INCOMING_BUCKET).toEqual({ Ref: bucketId });
    expect(reader.Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
  });

  it('gives the audit chainer the retention of audit entries, 400 days unless the deployment says otherwise', () => {
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'));
    const [, chainer] = functions.find(([id]) => id.startsWith('EventsAuditChainer'))!;
    expect(chainer.Properties.Environment.Variables.AUDIT_RETENTION_DAYS).toBe('400');
  });

  it('logs every API request as JSON and throttles the API by default', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties.StageName).toBe('$default');
    expect(stage!.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: 50,
      ThrottlingBurstLimit: 100,
    });
    const format = JSON.parse(stage!.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({
      request_id: '$context.requestId',
      route: '$context.routeKey',
      status: '$context.status',
      latency_ms: '$context.responseLatency',
    });
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const metric of [
      'InvoicesCreated',
      'PaymentsReceived',
      'WebhookDeliveriesFailed',
      'DeadLetteredMessages',
      'InvoiceEmailsFailed',
    ])
      expect(body).toContain(metric);
  });

  it('fans the recurring run out via a FIFO queue: the runner may only queue, the worker generates and sends', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const [runQueueId, runQueue] = Object.entries(queues).find(
      ([id]) => id.startsWith('SchedulesRecurringRuns') && !id.includes('Dlq'),
    )!;
    expect(runQueue.Properties.FifoQueue).toBe(true);
    expect(queues[runQueue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]]!.Properties.FifoQueue).toBe(
      true,
    );
    const functions = template.findResources('AWS::Lambda::Function');
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statementsOf = (prefix: string) => {
      const role =
        functions[Object.keys(functions).find((id) => id.startsWith(prefix))!]!.Properties.Role['Fn::GetAtt'][0];
      return policies
        .filter((policy) => policy.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === role))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    };
    const runner = JSON.stringify(statementsOf(`Schedules${logicalId('recurring-runner')}`));
    expect(runner).toContain('sqs:SendMessage');
    expect(runner).toContain(runQueueId);
    expect(runner).not.toContain('ses:');
    expect(JSON.stringify(statementsOf('SchedulesRecurringWorker'))).toContain('ses:SendRawEmail');
    const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
      (entry) => entry.Properties.EventSourceArn?.['Fn::GetAtt']?.[0] === runQueueId,
    )!;
    expect(mapping.Properties.FunctionName.Ref).toMatch(/^SchedulesRecurringWorker/);
  });

  it('draws documents in one function that reads nothing, invoked by name by the routes and worker that send or serve them', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    const [rendererId, renderer] = Object.entries(functions).find(([id]) =>
      id.startsWith(`Documents${DOCUMENT_RENDERER.constructId}`),
    )!;
    expect(renderer.Properties.MemorySize).toBe(DOCUMENT_RENDERER.memorySize);
    expect(renderer.Properties.Timeout).toBe(DOCUMENT_RENDERER.timeoutSeconds);
    expect(Object.keys(renderer.Properties.Environment.Variables).sort()).toEqual(['LOG_LEVEL']);
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statementsOfRole = (role: string) =>
      policies
        .filter((policy) => policy.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === role))
        .flatMap(
          (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
        );
    const rendererActions = statementsOfRole(renderer.Properties.Role['Fn::GetAtt'][0]).flatMap((statement) =>
      [statement.Action].flat(),
    );
    expect(
      rendererActions.every((action) => action.startsWith('xray:')),
      rendererActions.join(),
    ).toBe(true);
    // In the renderer's own stack its ARN is a GetAtt; a nested stack gets it as a parameter named after it.
    const isRenderer = (value: unknown) =>
      JSON.stringify(value) === JSON.stringify({ 'Fn::GetAtt': [rendererId, 'Arn'] }) ||
      new RegExp(`^referenceto\\w*${rendererId.slice(0, -8)}\\w*Arn$`).test((value as { Ref?: string }).Ref ?? '');
    const isRendererName = (value: unknown) =>
      (value as { Ref?: string }).Ref === rendererId ||
      new RegExp(`^referenceto\\w*${rendererId.slice(0, -8)}\\w*Ref$`).test((value as { Ref?: string }).Ref ?? '');
    const callers = Object.entries(functions).filter(([, fn]) =>
      statementsOfRole(fn.Properties.Role?.['Fn::GetAtt']?.[0]).some(
        (statement) => [statement.Action].flat().includes('lambda:InvokeFunction') && isRenderer(statement.Resource),
      ),
    );
    const expected = [
      ...SERVED.filter((route) => route.rendersDocuments).map((route) => logicalId(route.name)),
      ...(JOBS as readonly Job[]).filter((job) => job.rendersDocuments).map((job) => `Schedules${logicalId(job.name)}`),
      'SchedulesRecurringWorker',
      `Events${QUEUES.peppol.consumer.constructId}`,
    ];
    expect(callers.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(expected.sort());
    for (const [id, fn] of callers) {
      const invokes = statementsOfRole(fn.Properties.Role['Fn::GetAtt'][0]).filter((statement) =>
        [statement.Action].flat().includes('lambda:InvokeFunction'),
      );
      expect(invokes, id).toHaveLength(1);
      expect(isRenderer(invokes[0]!.Resource), `${id}: ${JSON.stringify(invokes[0]!.Resource)}`).toBe(true);
      const name = fn.Properties.Environment.Variables.DOCUMENT_RENDERER_FUNCTION;
      expect(isRendererName(name), `${id}: ${JSON.stringify(name)}`).toBe(true);
    }
    const others = Object.entries(functions).filter(
      ([id, fn]) =>
        !callers.some(([caller]) => caller === id) && fn.Properties.Environment?.Variables?.DOCUMENT_RENDERER_FUNCTION,
    );
    expect(others.map(([id]) => id)).toEqual([]);
  });

  it('sends only the revenue events to the revenue aggregator, which may write the table and nothing else', () => {
    const rule = Object.values(template.findResources('AWS::Events::Rule')).find(
      (entry) =>
        entry.Properties.EventPattern?.['detail-type'] && entry.Properties.EventPattern.source[0] !== 'aws.ses',
    )!;
    expect(rule.Properties.EventPattern['detail-type']).toEqual([...REVENUE_EVENT_TYPES]);
    const queueId = rule.Properties.Targets[0].Arn['Fn::GetAtt'][0];
    const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
      (entry) => entry.Properties.EventSourceArn?.['Fn::GetAtt']?.[0] === queueId,
    )!;
    expect(mapping.Properties.FunctionName.Ref).toMatch(/^EventsRevenueAggregator/);
    const functions = template.findResources('AWS::Lambda::Function');
    const role = functions[mapping.Properties.FunctionName.Ref]!.Properties.Role['Fn::GetAtt'][0];
    const actions = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => policy.Properties.Roles.some((ref: { Ref: string }) => ref.Ref === role))
      .flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.flatMap((statement: { Action: string | string[] }) =>
          [statement.Action].flat(),
        ),
      );
    expect(
      actions.every(
        (action: string) => action.startsWith('dynamodb:') || action.startsWith('sqs:') || action.startsWith('xray:'),
      ),
    ).toBe(true);
    expect(actions.some((action: string) => action.startsWith('sqs:Send'))).toBe(false);
  });

  it('creates a Cognito user pool unless an external identity provider is given', () => {
    const pools = template.findResources('AWS::Cognito::UserPool');
    expect(Object.values(pools)).toHaveLength(1);
    expect(Object.values(pools)[0]!.Condition).toBeDefined();
    template.hasParameter('IdentityProviderIssuer', { Default: '' });
  });

  it('asks user pool passwords for 12 characters and no composition rules, and offers TOTP as an optional MFA', () => {
    // docs/deploy.md states this policy, and the AwsSolutions-COG1 acknowledgment gives it as its reason.
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool'));
    expect(pool!.Properties.Policies.PasswordPolicy).toEqual({
      MinimumLength: 12,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
    expect(pool!.Properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool!.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('outputs what the deploy guide and the ops scripts read: API URL, table name, user pool, alarm topic', () => {
    template.hasOutput('TableName', { Value: { Ref: Match.stringLikeRegexp('^DataTable') } });
    template.hasOutput('ApiUrl', {});
    template.hasOutput('AlarmTopicArn', {});
    template.hasOutput('UserPoolId', { Condition: Match.anyValue() });
    template.hasOutput('UserPoolClientId', { Condition: Match.anyValue() });
  });
});
