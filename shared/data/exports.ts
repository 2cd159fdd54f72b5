// Export jobs: the job with its `export.created` event (the bus hands that event to the export
// queue: no job is lost between the request and the worker), its progress, and its end with an event.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import { entityOf } from '#shared/data/items';
import { exportKey } from '#shared/data/keys';
import { transact, type CorrelatedDb, type Db } from '#shared/data/table';
import type { NewEvent } from '#shared/domain/events';
import type { ExportJob } from '#shared/domain/export';

const exportItem = (organizationId: string, job: ExportJob) => ({
  ...exportKey(organizationId, job.id),
  type: 'export',
  organization_id: organizationId,
  ...job,
});

export async function getExport(db: Db, organizationId: string, exportId: string): Promise<ExportJob | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: exportKey(organizationId, exportId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const { organization_id: _organization, ...rest } = Item;
  return entityOf<ExportJob>(rest);
}

/** A new job with its event. */
export async function saveNewExport(db: CorrelatedDb, organizationId: string, job: ExportJob, event: NewEvent) {
  const written = await transact(db, {
    export: {
      Put: {
        TableName: db.table,
        Item: exportItem(organizationId, job),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    event: eventParts(db, organizationId, [event]),
  });
  if (!written.ok) throw new Error(`export ${job.id} exists already`);
}

/** The job's new state (and its events), if it is still the version `before` was; false otherwise. */
export async function saveExportChange(
  db: CorrelatedDb,
  organizationId: string,
  job: ExportJob,
  before: ExportJob,
  events: NewEvent[] = [],
): Promise<boolean> {
  const written = await transact(db, {
    export: {
      Put: {
        TableName: db.table,
        Item: exportItem(organizationId, job),
        ConditionExpression: 'version = :read',
        ExpressionAttributeValues: { ':read': before.version },
      },
    },
    events: eventParts(db, organizationId, events),
  });
  return written.ok;
}

/** Rows written so far, while the job is still running (no event: progress is polled). */
export async function saveExportProgress(db: Db, organizationId: string, exportId: string, rowsDone: number) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: exportKey(organizationId, exportId),
      UpdateExpression: 'SET rows_done = :done',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': rowsDone, ':running': 'running' },
    }),
  );
}
