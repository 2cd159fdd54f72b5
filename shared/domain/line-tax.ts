// Each line's VAT category, rate and exemption reason, and the rules EN 16931 sets between them and
// across lines (docs/invoices.md "Tax categories"). A broken rule is a validation error on the line.
import { type Scaled } from '#shared/domain/decimal';
import { validationError } from '#shared/domain/errors';
import { categoryFor, hasRate, isZero, needsExemptionReason, type TaxCategory } from '#shared/domain/tax';

type LineTaxInput = { taxRate?: Scaled; taxCategory?: TaxCategory; taxExemptionReason?: string };
export type LineTax = { taxRate: Scaled; taxCategory: TaxCategory; taxExemptionReason?: string };

const ZERO: Scaled = { units: 0n, scale: 0 };

export function lineTaxes(lines: readonly LineTaxInput[]): LineTax[] {
  const problems: Record<string, string> = {};
  const field = (index: number, name: string) => `line_items[${index}].${name}`;
  const taxes = lines.map((line, index): LineTax => {
    const category = line.taxCategory ?? (line.taxRate ? categoryFor(line.taxRate) : undefined);
    if (!category) {
      problems[field(index, 'tax_rate')] = 'is required unless tax_category is given';
      return { taxRate: ZERO, taxCategory: 'S' };
    }
    const rate = line.taxRate ?? ZERO;
    if (hasRate(category) && isZero(rate)) problems[field(index, 'tax_rate')] = 'must be above 0 for tax_category S';
    if (!hasRate(category) && !isZero(rate))
      problems[field(index, 'tax_rate')] = `must be 0 for tax_category ${category}`;
    const reason = line.taxExemptionReason;
    if (reason && !needsExemptionReason(category))
      problems[field(index, 'tax_exemption_reason')] =
        `is only stated for lines without tax, not tax_category ${category}`;
    if (!reason && category === 'E')
      problems[field(index, 'tax_exemption_reason')] = 'is required for tax_category E: say which exemption applies';
    return { taxRate: rate, taxCategory: category, ...(reason ? { taxExemptionReason: reason } : {}) };
  });
  // One breakdown row per exempt category, so one reason per category (BR-E-01, BR-AE-01, …).
  const reasons = new Map<TaxCategory, string | undefined>();
  taxes.forEach((tax, index) => {
    if (!needsExemptionReason(tax.taxCategory)) return;
    if (!reasons.has(tax.taxCategory)) reasons.set(tax.taxCategory, tax.taxExemptionReason);
    else if (reasons.get(tax.taxCategory) !== tax.taxExemptionReason)
      problems[field(index, 'tax_exemption_reason')] ??=
        `must be the same on every line of tax_category ${tax.taxCategory}`;
  });
  // Outside the scope of VAT excludes every other category on the document (BR-O-11 to BR-O-14).
  const outside = taxes.findIndex((tax) => tax.taxCategory === 'O');
  if (outside >= 0) {
    const other = taxes.findIndex((tax) => tax.taxCategory !== 'O');
    if (other >= 0)
      problems[field(other, 'tax_category')] = 'cannot be combined with tax_category O (outside the scope of VAT)';
  }
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return taxes;
}
