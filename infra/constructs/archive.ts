// The archive bucket (docs/archive.md): Object Lock in compliance mode with a default retention of
// ten years (each object is also written with its organization's own retain-until date), versioned,
// encrypted, TLS only, kept when the stack is deleted. No function is granted a delete: an object,
// once written, can be neither changed nor removed by anyone until its retention ends.
import { Duration, Validations } from 'aws-cdk-lib';
import { Bucket, ObjectLockRetention } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { KEPT_BUCKET } from '#infra/constructs/incoming';
import { DEFAULT_RETENTION_YEARS } from '#shared/domain/archive';

export class ArchiveConstruct extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      ...KEPT_BUCKET,
      objectLockEnabled: true,
      // Ten years of days, leap days included: never a day short of the law's ten years.
      objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(DEFAULT_RETENTION_YEARS * 365 + 3)),
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the service writes here, each write already in the function logs and recorded with its SHA-256 in ' +
        'the table and the audit chain; objects are locked, so access logs would add nothing verify does not check',
    });
  }
}
