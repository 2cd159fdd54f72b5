// A function the service's own functions invoke synchronously (INVOKED_FUNCTIONS in functions/topology.ts):
// the document renderer, and the payment gateway where the deployment takes Stripe. Its callers may
// invoke exactly it, by name, and find the name in the environment variable its spec names.
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { InvokedFunction } from '#functions/topology';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import { ServiceFunction, type ServiceFunctionProps } from '#infra/constructs/service-function';

export type InvokedFunctionProps = {
  spec: InvokedFunction;
  environment: Record<string, string>;
  alarms: AlarmsConstruct;
  assets?: ServiceFunctionProps['assets'];
  /** A secret the function alone reads. */
  secret?: ISecret;
};

export class InvokedFunctionConstruct extends Construct {
  readonly function: ServiceFunction;
  private readonly spec: InvokedFunction;

  constructor(scope: Construct, id: string, { spec, environment, alarms, assets, secret }: InvokedFunctionProps) {
    super(scope, id);
    this.spec = spec;
    this.function = new ServiceFunction(this, spec.constructId, {
      entry: `functions/${spec.handler}/handler.ts`,
      environment,
      timeout: Duration.seconds(spec.timeoutSeconds),
      memorySize: spec.memorySize,
      ...(assets ? { assets } : {}),
    });
    secret?.grantRead(this.function);
    alarms.onFailures(this, this.function, `the ${spec.handler} function`);
  }

  /** Lets `caller` invoke the function (itself, no version or alias: it is called by name), and tells it the name. */
  allow(caller: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    caller.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.function.functionArn] }),
    );
    caller.addEnvironment(this.spec.nameVariable, this.function.functionName);
  }
}
