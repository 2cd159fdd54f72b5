// The VAT categories of EN 16931 (UNTDID 5305 subset) and what each demands of a line (docs/invoices.md).
import type { Scaled } from '#shared/domain/decimal';

export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** How tax is rounded: each line's tax to the cent (the default), or once per rate on the document. */
export const TAX_ROUNDINGS = ['per_line', 'per_rate'] as const;
export type TaxRounding = (typeof TAX_ROUNDINGS)[number];
export const DEFAULT_TAX_ROUNDING: TaxRounding = 'per_line';

/**
 * The reason a document states for a category without tax when the line gives none; E (exempt) has
 * no default, since only the seller knows which exemption applies.
 */
export type Exemption = 'reverse_charge' | 'intra_community' | 'export' | 'outside_scope';
export const DEFAULT_EXEMPTION: Partial<Record<TaxCategory, Exemption>> = {
  AE: 'reverse_charge',
  K: 'intra_community',
  G: 'export',
  O: 'outside_scope',
};

/** Standard rate is the only category with a rate above zero (BR-S-05, BR-Z-05, BR-E-05, …). */
export const hasRate = (category: TaxCategory) => category === 'S';

/** Every category but S and Z states why no tax is charged (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const needsExemptionReason = (category: TaxCategory) => category !== 'S' && category !== 'Z';

/** Reverse charge and intra-community supply name both parties' VAT numbers (BR-AE-02, BR-IC-02). */
export const needsBothTaxIds = (category: TaxCategory) => category === 'AE' || category === 'K';

/** A line that names no category: standard rated with a rate, zero rated without one. */
export const categoryFor = (rate: Scaled): TaxCategory => (rate.units > 0n ? 'S' : 'Z');

export const isZero = (rate: Scaled) => rate.units === 0n;
