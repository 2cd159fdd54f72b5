// The document renderer (DOCUMENT_RENDERER in functions/topology.ts): the one function whose bundle
// carries the PDF, XML and MIME libraries and the fonts. It reads no table and holds no secret; the
// routes and workers marked `rendersDocuments` may invoke it, and find it by DOCUMENT_RENDERER_FUNCTION.
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { DOCUMENT_RENDERER } from '#functions/topology';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import { ServiceFunction } from '#infra/constructs/service-function';

export class DocumentRendererConstruct extends Construct {
  readonly function: ServiceFunction;

  constructor(
    scope: Construct,
    id: string,
    { environment, alarms }: { environment: Record<string, string>; alarms: AlarmsConstruct },
  ) {
    super(scope, id);
    this.function = new ServiceFunction(this, DOCUMENT_RENDERER.constructId, {
      entry: `functions/${DOCUMENT_RENDERER.handler}/handler.ts`,
      environment: { LOG_LEVEL: environment.LOG_LEVEL ?? 'info' },
      timeout: Duration.seconds(DOCUMENT_RENDERER.timeoutSeconds),
      memorySize: DOCUMENT_RENDERER.memorySize,
      assets: 'documents',
    });
    alarms.onFailures(this, this.function, 'the document renderer');
  }

  /** Lets `caller` invoke the renderer (the function itself, no version or alias: it is called by name), and tells it the name. */
  allow(caller: IFunction & { addEnvironment(key: string, value: string): unknown }): void {
    caller.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.function.functionArn] }),
    );
    caller.addEnvironment('DOCUMENT_RENDERER_FUNCTION', this.function.functionName);
  }
}
