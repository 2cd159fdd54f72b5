// How a voided number looks in responses: the number as printed, its place in the series, and why.
import type { VoidedNumber } from '#shared/domain/numbering';

export const voidedNumberResource = (voided: VoidedNumber) => ({
  number: voided.formatted,
  sequence: voided.number,
  series: voided.series,
  reason: voided.reason,
  voided_at: voided.voided_at,
});
