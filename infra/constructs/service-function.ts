// The house Lambda function: one place fixes runtime, architecture, bundling, logging and tracing
// for every function. The caller gives the environment; nothing is added to it.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { BUILTIN_ALIASES, ESM_REQUIRE_BANNER, UNUSED_SDK_MODULES } from '#infra/bundling';
import { DOCUMENT_ASSETS } from '#shared/documents/assets';
import { ARTEFACT_FOLDERS } from '#shared/e-invoice-rules/artefacts';
import { OPENAPI_FILE } from '#shared/http/openapi-document';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export type ServiceFunctionProps = {
  /** The handler file, relative to the project root. */
  entry: string;
  environment: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /**
   * How many instances may run at once. Queue workers are held to it by their event source's
   * maximum concurrency; it becomes a reservation only with `-c reserveConcurrency=true`, because
   * Lambda keeps 100 of the account's concurrency unreserved and new accounts often have less.
   */
  concurrency?: number;
  /**
   * Files put next to the bundle: the document fonts and colour profile (where shared/documents/assets.ts
   * looks first), or the OpenAPI document gzip'd (shared/http/openapi-document.ts).
   */
  assets?: 'documents' | 'openapi' | 'e-invoice-rules';
};

/** Shell commands that put the document assets in the bundle's assets/ folder (CDK runs them after esbuild). */
export const assetCommands = (inputDir: string, outputDir: string) => [
  `mkdir -p "${outputDir}/assets"`,
  ...Object.values(DOCUMENT_ASSETS).map(
    (asset) =>
      `cp "${inputDir}/${asset.package ? `node_modules/${asset.package}/` : ''}${asset.file}" "${outputDir}/assets/"`,
  ),
];

/**
 * Shell commands that put the official e-invoice rules (compiled) and schemas in the bundle's
 * einvoicing/ folder, where shared/e-invoice-rules/artefacts.ts looks first.
 */
export const ruleCommands = (inputDir: string, outputDir: string) => [
  `mkdir -p "${outputDir}/einvoicing"`,
  ...ARTEFACT_FOLDERS.map((folder) => `cp -R "${inputDir}/vendor/einvoicing/${folder}" "${outputDir}/einvoicing/"`),
];

/** A shell command that writes the OpenAPI document, minified and gzip'd, into the bundle's folder. */
export const openApiCommands = (inputDir: string, outputDir: string) => [
  `node -e "const fs = require('node:fs'), zlib = require('node:zlib'); ` +
    `fs.writeFileSync(process.argv[2], zlib.gzipSync(JSON.stringify(JSON.parse(fs.readFileSync(process.argv[1], 'utf8'))), ` +
    `{ level: 9 }))" "${inputDir}/docs/openapi.json" "${outputDir}/${OPENAPI_FILE}"`,
];

const AFTER_BUNDLING = { documents: assetCommands, openapi: openApiCommands, 'e-invoice-rules': ruleCommands };

/** Opt-in context value: reserve each bounded function's concurrency (needs an account quota above 100 + the sum). */
export const reservesConcurrency = (scope: Construct) =>
  String(scope.node.tryGetContext('reserveConcurrency') ?? 'false') === 'true';

export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
/** What a function is given unless its declaration says otherwise. */
export const DEFAULT_MEMORY_MB = 512;

export class ServiceFunction extends NodejsFunction {
  constructor(
    scope: Construct,
    id: string,
    { entry, environment, timeout, memorySize, concurrency, assets }: ServiceFunctionProps,
  ) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      reservedConcurrentExecutions: concurrency !== undefined && reservesConcurrency(scope) ? concurrency : undefined,
      entry: `${projectRoot}${entry}`,
      handler: 'handler',
      projectRoot,
      depsLockFilePath: `${projectRoot}package-lock.json`,
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: memorySize ?? DEFAULT_MEMORY_MB,
      timeout: timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      loggingFormat: LoggingFormat.JSON,
      logGroup,
      // No --enable-source-maps: Node would read the map at every cold start. The map ships beside the
      // bundle and is read only when an error is logged (shared/observability/stack.ts).
      environment,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // Some dependencies still call require(); ESM bundles need it defined.
        banner: ESM_REQUIRE_BANNER,
        externalModules: UNUSED_SDK_MODULES,
        esbuildArgs: { '--alias': Object.entries(BUILTIN_ALIASES).map(([name, shim]) => `${name}=${shim}`) },
        ...(assets
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: AFTER_BUNDLING[assets],
              },
            }
          : {}),
        // xmllint-wasm runs libxml2 in a worker thread it loads from its own folder: it ships as a package.
        ...(assets === 'e-invoice-rules' ? { nodeModules: ['xmllint-wasm'] } : {}),
      },
    });
    // cdk-nag findings that hold for every function of the service, each with why it is right here.
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'The AWS-managed basic execution policy only lets the function write its logs ' +
          '(to its own log group, created by the stack)',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource ARN',
      },
      {
        id: 'Serverless-LambdaDLQ',
        reason:
          'Never invoked asynchronously: API routes and the document renderer are invoked synchronously, ' +
          "workers take SQS or stream batches whose failures go to the queue's or mapping's dead-letter queue, " +
          'scheduled jobs have a dead-letter queue on their rule target',
      },
    );
  }
}
