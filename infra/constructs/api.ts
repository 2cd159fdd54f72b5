// The HTTP API: one function and one route per entry of functions/routes.ts, each granted only the
// table access its entry declares.
import { CfnOutput } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ROUTES, type Route } from '../../functions/routes.ts';
import { ServiceFunction } from './service-function.ts';

export type ApiProps = { table: TableV2; environment: Record<string, string>; publicBaseUrl?: string };

const logicalId = (name: string) => name.split('-').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

/** API Gateway HTTP APIs route `/x/` to the route `/x`, and refuse route paths ending in '/'. */
export const gatewayPath = (route: Route) => route.path.replace(/\/$/, '');

export class ApiConstruct extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Record<string, ServiceFunction> = {};

  constructor(scope: Construct, id: string, { table, environment, publicBaseUrl }: ApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Invoicing service API' });
    const baseUrl = publicBaseUrl ?? this.httpApi.apiEndpoint;

    for (const route of ROUTES as readonly Route[]) {
      const fn = new ServiceFunction(this, logicalId(route.name), {
        name: route.name,
        environment: { ...environment, TABLE_NAME: table.tableName, PUBLIC_BASE_URL: baseUrl },
      });
      if (route.table === 'readWrite') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      this.functions[route.name] = fn;
      this.httpApi.addRoutes({
        path: gatewayPath(route),
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${logicalId(route.name)}Integration`, fn),
      });
    }
    new CfnOutput(scope, 'ApiUrl', { value: `${this.httpApi.apiEndpoint}/api/v1/` });
  }
}
