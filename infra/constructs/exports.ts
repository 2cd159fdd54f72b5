// The bucket export files are written to (docs/exports.md): private, encrypted, TLS only, and every
// file deleted seven days after it was written. The export worker writes; get-export signs links.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EXPORT_RETENTION_DAYS } from '#shared/domain/export';

/** What every bucket of the service is: encrypted, closed to the public, owned by the account, TLS only. */
export const PRIVATE_BUCKET = {
  encryption: BucketEncryption.S3_MANAGED,
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  enforceSSL: true,
} as const;

export class ExportsConstruct extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      ...PRIVATE_BUCKET,
      lifecycleRules: [
        { expiration: Duration.days(EXPORT_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Files live seven days: a deleted stack's bucket empties itself within that and can then be deleted.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the service writes here, and only its own download links read: each request is already in the ' +
        'function logs (export id, organization); S3 access logs would double them for files that live 7 days',
    });
  }
}
