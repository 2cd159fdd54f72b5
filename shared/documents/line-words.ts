// The words the service writes into the lines of invoices it makes itself, per language: late fees
// (docs/collections.md), deposits and their deduction on the final invoice (docs/quotes.md). Apart
// from the documents' labels, so the routes that write such lines do not carry every label.
import { type Language, LANGUAGES } from '#shared/documents/labels';

type LineWords = {
  lateFee: { interest: (number: string, through: string) => string; compensation: (number: string) => string };
  deposit: {
    line: (quote: string, percent: string | null) => string;
    deduction: (invoice: string, date: string) => string;
  };
};

const en: LineWords = {
  lateFee: {
    interest: (number, through) => `Late-payment interest on invoice ${number} through ${through}`,
    compensation: (number) => `Compensation for recovery costs, invoice ${number}`,
  },
  deposit: {
    line: (quote, percent) => (percent ? `Deposit on quote ${quote} (${percent} %)` : `Deposit on quote ${quote}`),
    deduction: (invoice, date) => `Less deposit invoice ${invoice} of ${date}`,
  },
};

const de: LineWords = {
  lateFee: {
    interest: (number, through) => `Verzugszinsen zu Rechnung ${number} bis ${through}`,
    compensation: (number) => `Pauschale für Beitreibungskosten, Rechnung ${number}`,
  },
  deposit: {
    line: (quote, percent) =>
      percent ? `Anzahlung auf Angebot ${quote} (${percent} %)` : `Anzahlung auf Angebot ${quote}`,
    deduction: (invoice, date) => `Abzüglich Anzahlungsrechnung ${invoice} vom ${date}`,
  },
};

const fr: LineWords = {
  lateFee: {
    interest: (number, through) => `Intérêts de retard sur la facture ${number} jusqu’au ${through}`,
    compensation: (number) => `Indemnité forfaitaire pour frais de recouvrement, facture ${number}`,
  },
  deposit: {
    line: (quote, percent) =>
      percent ? `Acompte sur le devis ${quote} (${percent} %)` : `Acompte sur le devis ${quote}`,
    deduction: (invoice, date) => `Déduction de la facture d'acompte ${invoice} du ${date}`,
  },
};

const es: LineWords = {
  lateFee: {
    interest: (number, through) => `Intereses de demora de la factura ${number} hasta el ${through}`,
    compensation: (number) => `Indemnización por costes de cobro, factura ${number}`,
  },
  deposit: {
    line: (quote, percent) =>
      percent ? `Anticipo del presupuesto ${quote} (${percent} %)` : `Anticipo del presupuesto ${quote}`,
    deduction: (invoice, date) => `Deducción de la factura de anticipo ${invoice} del ${date}`,
  },
};

const WORDS: Record<Language, LineWords> = { en, de, fr, es };

/** The line words of a BCP 47 tag's language; a tag the service cannot write falls back to English. */
export const lineWordsFor = (locale: string): LineWords =>
  WORDS[(LANGUAGES as readonly string[]).includes(locale.slice(0, 2)) ? (locale.slice(0, 2) as Language) : 'en'];
