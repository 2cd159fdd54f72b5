// Properties of the synthesized template that the design depends on.
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.ts';
import { gatewayPath } from '../../infra/constructs/api.ts';
import { InvoicingStack } from '../../infra/stack.ts';
import { TABLE_DEFINITION } from '../../shared/data/table-definition.ts';

let template: Template;
beforeAll(() => {
  const app = new App();
  template = Template.fromStack(new InvoicingStack(app, 'Test'));
}, 120_000);

type Statement = { Action: string | string[]; Effect: string };
const handlerFunctions = () => template.findResources('AWS::Lambda::Function', { Properties: { Handler: 'index.handler' } });

describe('stack', () => {
  it('has one function per route, on Node 22 or newer, arm64, with tracing', () => {
    const functions = Object.values(handlerFunctions());
    expect(functions).toHaveLength(ROUTES.length);
    for (const fn of functions) {
      expect(fn.Properties.Runtime).toMatch(/^nodejs(2[2-9]|[3-9]\d)\.x$/);
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('routes every entry of functions/routes.ts', () => {
    const keys = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => route.Properties.RouteKey).sort();
    expect(keys).toEqual(ROUTES.map((route) => `${route.method} ${gatewayPath(route)}`).sort());
  });

  it('builds the table from the shared definition: keys, indexes, stream, TTL, PITR', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' }, { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' }],
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
      GlobalSecondaryIndexes: TABLE_DEFINITION.indexes.map((index) => Match.objectLike({
        IndexName: index.name,
        KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, { AttributeName: index.sortKey, KeyType: 'RANGE' }],
      })),
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('grants read-only routes no write action on the table', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    const readOnly = ROUTES.filter((route) => route.table === 'read');
    expect(readOnly.length).toBeGreaterThan(0);
    for (const route of readOnly) {
      const logical = route.name.split('-').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');
      const policy = Object.entries(policies).find(([id]) => id.startsWith(`Api${logical}ServiceRoleDefaultPolicy`));
      expect(policy, route.name).toBeDefined();
      const actions = (policy![1].Properties.PolicyDocument.Statement as Statement[]).flatMap((statement) => [statement.Action].flat());
      expect(actions.some((action) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(action)), route.name).toBe(false);
      expect(actions).toContain('dynamodb:GetItem');
    }
  });

  it('gives writing routes write access', () => {
    const policies = template.findResources('AWS::IAM::Policy');
    const policy = Object.entries(policies).find(([id]) => id.startsWith('ApiCreateInvoiceServiceRoleDefaultPolicy'))!;
    const actions = (policy[1].Properties.PolicyDocument.Statement as Statement[]).flatMap((statement) => [statement.Action].flat());
    expect(actions).toContain('dynamodb:PutItem');
  });
});
