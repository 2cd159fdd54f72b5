// The bucket received e-invoices are kept in (docs/incoming-invoices.md): originals as they came,
// the XML a PDF embeds, attachments and readings. Private, encrypted, TLS only, versioned, and kept:
// nothing expires and the stack's deletion leaves it (tax law keeps received invoices for years).
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PRIVATE_BUCKET } from '#infra/constructs/exports';
import type { AlarmsConstruct } from '#infra/constructs/alarms';
import type { InvokedFunctionConstruct } from '#infra/constructs/invoked-function';
import { Construct } from 'constructs';

/** What a way into the inbox (e-mail, Peppol) is built with: the bucket, the reader, the table and the workers' setting. */
export type InboxWiring = {
  bucket: Bucket;
  /** Every received document is archived as it came (docs/archive.md). */
  archiveBucket: IBucket;
  reader: InvokedFunctionConstruct;
  table: TableV2;
  environment: Record<string, string>;
  alarms: AlarmsConstruct;
};

/** A bucket of documents kept for years: private, versioned, and left behind when the stack is deleted. */
export const KEPT_BUCKET = { ...PRIVATE_BUCKET, versioned: true, removalPolicy: RemovalPolicy.RETAIN } as const;

export class IncomingConstruct extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', KEPT_BUCKET);
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the service reads and writes here, each request already in the function logs (organization, ' +
        'document id); every object is also recorded with its SHA-256 on the document it belongs to',
    });
  }

  /** The reader reads the originals and writes what it finds beside them: objects only, never a delete. */
  allowReader(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [this.bucket.arnForObjects('*')] }),
    );
    const logicalId = Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/*]`,
      reason: 'Received documents are keyed by organization and the SHA-256 of their original: objects only',
    });
  }
}
