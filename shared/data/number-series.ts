// Numbered series in the table (docs/data-model.md "Numbering"). A number is allocated with one
// unconditional ADD on the series' counter — DynamoDB applies concurrent ADDs one after another, so
// nobody waits on or retries against anybody else — and claimed by its document's transaction. The
// counter stays in a sparse index while numbers may be unclaimed; the sweeper voids those it finds.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, prefixPage, queryAll, transact, unlessConditionFailed } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import { entityOf } from '#shared/data/items';
import {
  BY,
  creditNoteNumberTextKey,
  quoteNumberTextKey,
  indexQuery,
  NUMBER_SERIES_SHARDS,
  numberClaimKey,
  numberClaimsOf,
  numberTextKey,
  seriesCounterKey,
  seriesToVerifyKeys,
  seriesToVerifyShard,
  voidedNumberKey,
  voidedNumbersOf,
} from '#shared/data/keys';
import {
  formatNumber,
  type NumberingFormat,
  type SeriesName,
  yearOfSeries,
  UNCLAIMED_GRACE_SECONDS,
  VOID_REASON,
  type VoidedNumber,
} from '#shared/domain/numbering';

export type Allocated = { series: SeriesName; number: number; pattern: string; padding: number };

/** A series' counter as the sweeper reads it. */
type SeriesCounter = {
  organization_id: string;
  series: SeriesName;
  /** The format of the last number allocated: voided numbers print with it. */
  pattern: string;
  padding: number;
  last_number: number;
  /** Every number up to here is claimed or voided. */
  verified_through?: number;
  /** The last number allocated when the sweeper last looked: verified on its next look. */
  mark_number?: number;
};

const inGrace = (now: Date) => new Date(now.getTime() + UNCLAIMED_GRACE_SECONDS * 1000).toISOString();

/**
 * The next number of the series, in one request that never conflicts. A counter created before
 * claims existed starts its verification after the numbers it had already given out.
 */
export async function allocateNumber(
  db: Db,
  organizationId: string,
  series: SeriesName,
  format: Pick<NumberingFormat, 'pattern' | 'padding'>,
  now = new Date(),
): Promise<Allocated> {
  return (await allocateNumbers(db, organizationId, series, format, 1, now))[0]!;
}

/** The next `count` numbers of the series, lowest first, in the same one request. */
export async function allocateNumbers(
  db: Db,
  organizationId: string,
  series: SeriesName,
  format: Pick<NumberingFormat, 'pattern' | 'padding'>,
  count: number,
  now = new Date(),
): Promise<Allocated[]> {
  const { partitionKey, sortKey } = BY.seriesToVerify;
  const index = seriesToVerifyKeys(organizationId, series, inGrace(now));
  const { Attributes = {} } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: seriesCounterKey(organizationId, series),
      UpdateExpression:
        'ADD last_number :count SET #type = :type, organization_id = :org, series = :series, ' +
        'pattern = :pattern, padding = :padding, ' +
        'verified_through = if_not_exists(verified_through, if_not_exists(last_number, :zero)), ' +
        '#pk = if_not_exists(#pk, :shard), #sk = if_not_exists(#sk, :due)',
      ExpressionAttributeNames: { '#type': 'type', '#pk': partitionKey, '#sk': sortKey },
      ExpressionAttributeValues: {
        ':count': count,
        ':zero': 0,
        ':type': 'series_counter',
        ':org': organizationId,
        ':series': series,
        ':pattern': format.pattern,
        ':padding': format.padding,
        ':shard': index[partitionKey],
        ':due': index[sortKey],
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const last = Number(Attributes.last_number);
  return Array.from({ length: count }, (_, offset) => ({ series, number: last - count + 1 + offset, ...format }));
}

/**
 * Gives the series' highest numbers back, from `from` on, when nobody allocated after them and the
 * sweeper has not marked them (it only ever looks at numbers up to its mark). Answers whether it did.
 */
export async function returnNumbers(db: Db, organizationId: string, from: Allocated, to: Allocated): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: seriesCounterKey(organizationId, from.series),
        UpdateExpression: 'SET last_number = :before',
        ConditionExpression:
          'last_number = :last AND verified_through < :from AND (attribute_not_exists(mark_number) OR mark_number < :from)',
        ExpressionAttributeValues: { ':before': from.number - 1, ':last': to.number, ':from': from.number },
      }),
    );
    return true;
  } catch (error) {
    unlessConditionFailed(error);
    return false;
  }
}

/** The claim of a number by its document, for the document's own transaction. */
/**
 * The claim of a number's printed form, by the document that prints it: every series holds each text
 * once, so a format change that prints a number as an earlier one was printed fails this condition.
 */
export const printedNumberClaim = (
  table: string,
  organizationId: string,
  document: { kind: 'invoice' | 'credit_note' | 'quote'; id: string; text: string },
) => ({
  Put: {
    TableName: table,
    Item: {
      ...{ invoice: numberTextKey, credit_note: creditNoteNumberTextKey, quote: quoteNumberTextKey }[document.kind](
        organizationId,
        document.text,
      ),
      type: 'number_text',
      [`${document.kind}_id`]: document.id,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** How many printed forms already taken a document skips before its write is given up. */
export const MAX_TEXT_COLLISIONS = 10;

export const numberClaim = (
  table: string,
  organizationId: string,
  allocated: Allocated,
  documentId: string,
  now: Date,
) => ({
  Put: {
    TableName: table,
    Item: {
      ...numberClaimKey(organizationId, allocated.series, allocated.number),
      type: 'number_claim',
      series: allocated.series,
      number: allocated.number,
      state: 'used',
      document_id: documentId,
      claimed_at: now.toISOString(),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** Voids a number nobody claimed (a claim that got there first wins, and nothing changes). */
export async function voidNumber(
  db: Db,
  organizationId: string,
  allocated: Allocated,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  const voided: VoidedNumber = {
    series: allocated.series,
    number: allocated.number,
    formatted: formatNumber(
      allocated,
      allocated.number,
      yearOfSeries(allocated.series) ?? String(now.getUTCFullYear()),
    ),
    state: 'voided',
    reason,
    voided_at: now.toISOString(),
  };
  const written = await transact(db, {
    claim: {
      Put: {
        TableName: db.table,
        Item: {
          ...numberClaimKey(organizationId, allocated.series, allocated.number),
          type: 'number_claim',
          ...voided,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    register: {
      Put: {
        TableName: db.table,
        Item: {
          ...voidedNumberKey(organizationId, allocated.series, allocated.number),
          type: 'voided_number',
          ...voided,
        },
      },
    },
  });
  return written.ok;
}

/** The series' voided numbers, lowest first. */
export async function voidedNumbers(db: Db, organizationId: string, series: SeriesName, page: PageRequest) {
  const { ':pk': pk, ':prefix': prefix } = voidedNumbersOf(organizationId, series);
  return prefixPage(db, { pk, prefix }, page, (item) => entityOf<VoidedNumber>(item));
}

async function claimedBetween(db: Db, counter: SeriesCounter, from: number, to: number): Promise<Set<number>> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: numberClaimsOf(counter.organization_id, counter.series, from, to),
    ProjectionExpression: '#number',
    ExpressionAttributeNames: { '#number': 'number' },
  });
  return new Set(items.map((item) => Number(item.number)));
}

/**
 * One look at a series: numbers up to the mark set on the previous look (so allocated at least the
 * grace period ago) that nobody claimed are voided; then a new mark is set, or, with nothing left to
 * verify, the counter leaves the index. Safe to repeat after a crash at any step.
 */
export async function verifySeries(db: Db, counter: SeriesCounter, now = new Date()): Promise<number[]> {
  let verified = counter.verified_through ?? 0;
  const voided: number[] = [];
  if (counter.mark_number !== undefined && counter.mark_number > verified) {
    const claimed = await claimedBetween(db, counter, verified + 1, counter.mark_number);
    for (let number = verified + 1; number <= counter.mark_number; number++) {
      if (claimed.has(number)) continue;
      const allocated = { series: counter.series, number, pattern: counter.pattern, padding: counter.padding };
      if (await voidNumber(db, counter.organization_id, allocated, VOID_REASON.abandoned, now)) voided.push(number);
    }
    verified = counter.mark_number;
  }
  const key = seriesCounterKey(counter.organization_id, counter.series);
  const { partitionKey, sortKey } = BY.seriesToVerify;
  if (counter.last_number > verified) {
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET verified_through = :verified, mark_number = :mark, #sk = :due',
        ExpressionAttributeNames: { '#sk': sortKey },
        ExpressionAttributeValues: { ':verified': verified, ':mark': counter.last_number, ':due': inGrace(now) },
      }),
    );
    return voided;
  }
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET verified_through = :verified REMOVE mark_number, #pk, #sk',
        ConditionExpression: 'last_number = :seen',
        ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
        ExpressionAttributeValues: { ':verified': verified, ':seen': counter.last_number },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Allocated meanwhile: look again on the next sweep.
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: key,
        UpdateExpression: 'SET verified_through = :verified, #sk = :now',
        ExpressionAttributeNames: { '#sk': sortKey },
        ExpressionAttributeValues: { ':verified': verified, ':now': now.toISOString() },
      }),
    );
  }
  return voided;
}

/** Every series due for a look, from every shard. */
export async function seriesToVerify(db: Db, now = new Date()): Promise<SeriesCounter[]> {
  const shards = await Promise.all(
    Array.from({ length: NUMBER_SERIES_SHARDS }, (_, shard) =>
      queryAll(db, indexQuery(BY.seriesToVerify, seriesToVerifyShard(shard), { atMost: `${now.toISOString()}#~` })),
    ),
  );
  return shards.flat().map((item) => entityOf<SeriesCounter>(item));
}
