// The words on an invoice document and its e-mail, in each document language (docs/invoices.md
// "Documents"). A missing translation fails the type check, not a customer's invoice.
import type { CreditReason } from '#shared/domain/credit-note';
import type { Exemption } from '#shared/domain/tax';

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

type Words = {
  invoice: string;
  invoiceNumber: string;
  correctedInvoice: string;
  issueDate: string;
  dueDate: string;
  supplyDate: string;
  servicePeriod: string;
  billedTo: string;
  from: string;
  vatId: string;
  registration: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  tax: string;
  net: string;
  subtotal: string;
  documentDiscount: string;
  taxableAmount: string;
  taxAmount: string;
  total: string;
  paid: string;
  credited: string;
  amountDue: string;
  taxBreakdown: string;
  rate: string;
  paymentInstructions: string;
  accountHolder: string;
  reference: string;
  scanToPay: string;
  notes: string;
  terms: string;
  markPaid: string;
  markVoid: string;
  markCredited: string;
  creditNote: string;
  creditNoteNumber: string;
  correctsInvoice: (number: string, date: string) => string;
  reason: string;
  reasons: Record<CreditReason, string>;
  creditNotes: string;
  page: (page: number, of: number) => string;
  continued: string;
  downloadPdf: string;
  downloadEInvoice: (format: string) => string;
  pay: (amount: string) => string;
  paymentReceived: string;
  paymentFailed: string;
  exemptions: Record<Exemption, string>;
  /**
   * The title of a deposit invoice, and what a final invoice deducts per deposit and rate (§ 14 (5)
   * UStG; docs/quotes.md); the lines' words are in line-words.ts.
   */
  deposit: {
    title: string;
    deducted: string;
    invoice: (number: string, date: string) => string;
    totalDeducted: string;
  };
  /** A quote (docs/quotes.md): its title, facts and e-mail. */
  quote: {
    title: string;
    number: string;
    validUntil: string;
    subject: (number: string, seller: string) => string;
    body: (seller: string, number: string, amount: string, until: string) => string;
    view: string;
    accept: string;
    decline: string;
    yourName: string;
    acceptedOn: (date: string, name: string | null) => string;
    declinedOn: (date: string) => string;
    expiredOn: (date: string) => string;
    stale: string;
    closed: string;
  };
  /** The VAT in the accounting currency of a document in another currency (docs/invoices.md "Foreign currency"). */
  accounting: {
    vatIn: (currency: string) => string;
    rate: (rate: string, source: string) => string;
    ecb: (date: string) => string;
    manual: (date: string) => string;
    viaEuro: string;
  };
  /** A client's statement of account (GET …/clients/<id>/statement/ as a PDF). */
  statement: {
    title: string;
    period: (from: string, to: string) => string;
    currency: (code: string) => string;
    date: string;
    entry: string;
    number: string;
    amount: string;
    balance: string;
    opening: string;
    closing: string;
    ageing: string;
    nothing: string;
    types: Record<'invoice' | 'late_fee' | 'credit_note' | 'payment' | 'refund', string>;
    buckets: Record<'current' | 'days_1_30' | 'days_31_60' | 'days_61_90' | 'over_90', string>;
  };
  categories: Record<'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O', string>;
  email: {
    subject: (number: string, seller: string) => string;
    reminderSubject: (number: string, seller: string) => string;
    greeting: (name: string) => string;
    body: (seller: string, number: string) => string;
    reminderBody: (number: string, days: number) => string;
    dueBy: (amount: string, date: string) => string;
    view: string;
    payOnline: string;
    signOff: (seller: string) => string;
    creditNoteSubject: (number: string, seller: string) => string;
    creditNoteBody: (seller: string, number: string, invoice: string, amount: string) => string;
    viewCreditNote: string;
  };
};

const en: Words = {
  invoice: 'Invoice',
  invoiceNumber: 'Invoice number',
  correctedInvoice: 'Corrects invoice',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  supplyDate: 'Date of supply',
  servicePeriod: 'Service period',
  billedTo: 'Billed to',
  from: 'From',
  vatId: 'VAT ID',
  registration: 'Registration',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  tax: 'Tax',
  net: 'Net',
  subtotal: 'Subtotal',
  documentDiscount: 'Discount on the invoice',
  taxableAmount: 'Taxable amount',
  taxAmount: 'Tax',
  total: 'Total',
  paid: 'Paid',
  credited: 'Credited',
  amountDue: 'Amount due',
  taxBreakdown: 'Tax breakdown',
  rate: 'Rate',
  paymentInstructions: 'Payment instructions',
  accountHolder: 'Account holder',
  reference: 'Reference',
  scanToPay: 'Scan to pay by bank transfer',
  notes: 'Notes',
  terms: 'Terms',
  markPaid: 'PAID',
  markVoid: 'VOID',
  markCredited: 'CREDITED',
  creditNote: 'Credit note',
  creditNoteNumber: 'Credit note number',
  correctsInvoice: (number, date) => `${number} of ${date}`,
  reason: 'Reason',
  reasons: {
    duplicate: 'Duplicate invoice',
    fraudulent: 'Fraudulent charge',
    order_change: 'Order changed',
    product_unsatisfactory: 'Product or service unsatisfactory',
    other: 'Correction',
  },
  creditNotes: 'Credit notes',
  page: (page, of) => `Page ${page} of ${of}`,
  continued: 'continued',
  downloadPdf: 'Download the PDF',
  downloadEInvoice: (format) => `Download the e-invoice (${format})`,
  pay: (amount) => `Pay ${amount}`,
  paymentReceived: 'Thank you: your payment was received.',
  paymentFailed: 'The payment did not go through; nothing was charged.',
  deposit: {
    title: 'Deposit invoice',
    deducted: 'Deposits deducted',
    invoice: (number, date) => `Deposit invoice ${number} of ${date}`,
    totalDeducted: 'Total deducted',
  },
  quote: {
    title: 'Quote',
    number: 'Quote number',
    validUntil: 'Valid until',
    subject: (number, seller) => `Quote ${number} from ${seller}`,
    body: (seller, number, amount, until) =>
      `${seller} has sent you quote ${number} for ${amount}, valid until ${until}. You can accept or decline it online.`,
    view: 'View and accept the quote',
    accept: 'Accept the quote',
    decline: 'Decline',
    yourName: 'Your name (optional)',
    acceptedOn: (date, name) => (name ? `Accepted on ${date} by ${name}.` : `Accepted on ${date}.`),
    declinedOn: (date) => `Declined on ${date}.`,
    expiredOn: (date) => `This quote expired on ${date}.`,
    stale: 'The quote changed while the page was open: here it is as it stands now.',
    closed: 'This quote can no longer be accepted or declined.',
  },
  accounting: {
    vatIn: (currency) => `VAT in ${currency}`,
    rate: (rate, source) => `at ${rate}, ${source}`,
    ecb: (date) => `ECB reference rate of ${date}`,
    manual: (date) => `agreed rate of ${date}`,
    viaEuro: 'through the euro',
  },
  statement: {
    title: 'Statement of account',
    period: (from, to) => `${from} to ${to}`,
    currency: (code) => `In ${code}`,
    date: 'Date',
    entry: 'Entry',
    number: 'Number',
    amount: 'Amount',
    balance: 'Balance',
    opening: 'Opening balance',
    closing: 'Closing balance',
    ageing: 'Open amounts by age',
    nothing: 'No documents or payments.',
    types: {
      invoice: 'Invoice',
      late_fee: 'Late fee',
      credit_note: 'Credit note',
      payment: 'Payment',
      refund: 'Refund',
    },
    buckets: {
      current: 'Not yet due',
      days_1_30: '1–30 days',
      days_31_60: '31–60 days',
      days_61_90: '61–90 days',
      over_90: 'Over 90 days',
    },
  },
  exemptions: {
    reverse_charge: 'Reverse charge: the recipient accounts for the VAT',
    intra_community: 'Exempt intra-Community supply',
    export: 'Exempt export outside the EU',
    outside_scope: 'Not subject to VAT',
  },
  categories: {
    S: 'VAT',
    Z: 'Zero rated',
    E: 'Exempt',
    AE: 'Reverse charge',
    K: 'Intra-Community',
    G: 'Export',
    O: 'Not subject to VAT',
  },
  email: {
    subject: (number, seller) => `Invoice ${number} from ${seller}`,
    reminderSubject: (number, seller) => `Reminder: invoice ${number} from ${seller}`,
    greeting: (name) => `Dear ${name},`,
    body: (seller, number) => `${seller} has sent you invoice ${number}.`,
    reminderBody: (number, days) =>
      days > 0
        ? `Invoice ${number} is ${days} ${days === 1 ? 'day' : 'days'} overdue.`
        : `This is a reminder of invoice ${number}.`,
    dueBy: (amount, date) => `${amount} is due by ${date}.`,
    view: 'View the invoice',
    payOnline: 'Pay online',
    signOff: (seller) => `Kind regards,\n${seller}`,
    creditNoteSubject: (number, seller) => `Credit note ${number} from ${seller}`,
    creditNoteBody: (seller, number, invoice, amount) =>
      `${seller} has issued credit note ${number} of ${amount} for invoice ${invoice}.`,
    viewCreditNote: 'View the credit note',
  },
};

const de: Words = {
  invoice: 'Rechnung',
  invoiceNumber: 'Rechnungsnummer',
  correctedInvoice: 'Korrigiert Rechnung',
  issueDate: 'Rechnungsdatum',
  dueDate: 'Fällig am',
  supplyDate: 'Leistungsdatum',
  servicePeriod: 'Leistungszeitraum',
  billedTo: 'Rechnung an',
  from: 'Von',
  vatId: 'USt-IdNr.',
  registration: 'Handelsregister',
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  discount: 'Rabatt',
  tax: 'USt.',
  net: 'Netto',
  subtotal: 'Zwischensumme',
  documentDiscount: 'Rabatt auf die Rechnung',
  taxableAmount: 'Steuerpflichtiger Betrag',
  taxAmount: 'Umsatzsteuer',
  total: 'Gesamtbetrag',
  paid: 'Bezahlt',
  credited: 'Gutgeschrieben',
  amountDue: 'Offener Betrag',
  taxBreakdown: 'Steueraufstellung',
  rate: 'Satz',
  paymentInstructions: 'Zahlungsinformationen',
  accountHolder: 'Kontoinhaber',
  reference: 'Verwendungszweck',
  scanToPay: 'Zum Überweisen scannen',
  notes: 'Hinweise',
  terms: 'Bedingungen',
  markPaid: 'BEZAHLT',
  markVoid: 'STORNIERT',
  markCredited: 'GUTGESCHRIEBEN',
  creditNote: 'Rechnungskorrektur',
  creditNoteNumber: 'Korrekturnummer',
  correctsInvoice: (number, date) => `${number} vom ${date}`,
  reason: 'Grund',
  reasons: {
    duplicate: 'Doppelte Rechnung',
    fraudulent: 'Betrügerische Belastung',
    order_change: 'Bestellung geändert',
    product_unsatisfactory: 'Ware oder Leistung mangelhaft',
    other: 'Korrektur',
  },
  creditNotes: 'Rechnungskorrekturen',
  page: (page, of) => `Seite ${page} von ${of}`,
  continued: 'Fortsetzung',
  downloadPdf: 'PDF herunterladen',
  downloadEInvoice: (format) => `E-Rechnung herunterladen (${format})`,
  pay: (amount) => `${amount} bezahlen`,
  paymentReceived: 'Vielen Dank: Ihre Zahlung ist eingegangen.',
  paymentFailed: 'Die Zahlung ist nicht durchgegangen; es wurde nichts abgebucht.',
  deposit: {
    title: 'Anzahlungsrechnung',
    deducted: 'Abgezogene Anzahlungen',
    invoice: (number, date) => `Anzahlungsrechnung ${number} vom ${date}`,
    totalDeducted: 'Summe der Abzüge',
  },
  quote: {
    title: 'Angebot',
    number: 'Angebotsnummer',
    validUntil: 'Gültig bis',
    subject: (number, seller) => `Angebot ${number} von ${seller}`,
    body: (seller, number, amount, until) =>
      `${seller} hat Ihnen das Angebot ${number} über ${amount} gesendet, gültig bis ${until}. Sie können es online annehmen oder ablehnen.`,
    view: 'Angebot ansehen und annehmen',
    accept: 'Angebot annehmen',
    decline: 'Ablehnen',
    yourName: 'Ihr Name (optional)',
    acceptedOn: (date, name) => (name ? `Angenommen am ${date} von ${name}.` : `Angenommen am ${date}.`),
    declinedOn: (date) => `Abgelehnt am ${date}.`,
    expiredOn: (date) => `Dieses Angebot ist am ${date} abgelaufen.`,
    stale: 'Das Angebot hat sich geändert, während die Seite offen war: So sieht es jetzt aus.',
    closed: 'Dieses Angebot kann nicht mehr angenommen oder abgelehnt werden.',
  },
  accounting: {
    vatIn: (currency) => `USt. in ${currency}`,
    rate: (rate, source) => `zum Kurs ${rate}, ${source}`,
    ecb: (date) => `EZB-Referenzkurs vom ${date}`,
    manual: (date) => `vereinbarter Kurs vom ${date}`,
    viaEuro: 'über den Euro',
  },
  statement: {
    title: 'Kontoauszug',
    period: (from, to) => `${from} bis ${to}`,
    currency: (code) => `In ${code}`,
    date: 'Datum',
    entry: 'Buchung',
    number: 'Nummer',
    amount: 'Betrag',
    balance: 'Saldo',
    opening: 'Anfangssaldo',
    closing: 'Endsaldo',
    ageing: 'Offene Beträge nach Alter',
    nothing: 'Keine Belege oder Zahlungen.',
    types: {
      invoice: 'Rechnung',
      late_fee: 'Verzugsrechnung',
      credit_note: 'Gutschrift',
      payment: 'Zahlung',
      refund: 'Erstattung',
    },
    buckets: {
      current: 'Noch nicht fällig',
      days_1_30: '1–30 Tage',
      days_31_60: '31–60 Tage',
      days_61_90: '61–90 Tage',
      over_90: 'Über 90 Tage',
    },
  },
  exemptions: {
    reverse_charge: 'Steuerschuldnerschaft des Leistungsempfängers',
    intra_community: 'Steuerfreie innergemeinschaftliche Lieferung',
    export: 'Steuerfreie Ausfuhrlieferung',
    outside_scope: 'Nicht steuerbar',
  },
  categories: {
    S: 'USt.',
    Z: 'Nullsatz',
    E: 'Steuerfrei',
    AE: 'Reverse Charge',
    K: 'Innergemeinschaftlich',
    G: 'Ausfuhr',
    O: 'Nicht steuerbar',
  },
  email: {
    subject: (number, seller) => `Rechnung ${number} von ${seller}`,
    reminderSubject: (number, seller) => `Zahlungserinnerung: Rechnung ${number} von ${seller}`,
    greeting: (name) => `Guten Tag ${name},`,
    body: (seller, number) => `${seller} hat Ihnen die Rechnung ${number} gesendet.`,
    reminderBody: (number, days) =>
      days > 0
        ? `Die Rechnung ${number} ist seit ${days} ${days === 1 ? 'Tag' : 'Tagen'} überfällig.`
        : `Wir erinnern an die Rechnung ${number}.`,
    dueBy: (amount, date) => `${amount} sind bis zum ${date} fällig.`,
    view: 'Rechnung ansehen',
    payOnline: 'Online bezahlen',
    signOff: (seller) => `Mit freundlichen Grüßen\n${seller}`,
    creditNoteSubject: (number, seller) => `Rechnungskorrektur ${number} von ${seller}`,
    creditNoteBody: (seller, number, invoice, amount) =>
      `${seller} hat die Rechnungskorrektur ${number} über ${amount} zur Rechnung ${invoice} ausgestellt.`,
    viewCreditNote: 'Rechnungskorrektur ansehen',
  },
};

const fr: Words = {
  invoice: 'Facture',
  invoiceNumber: 'Numéro de facture',
  correctedInvoice: 'Rectifie la facture',
  issueDate: "Date d'émission",
  dueDate: "Date d'échéance",
  supplyDate: 'Date de livraison',
  servicePeriod: 'Période de prestation',
  billedTo: 'Facturé à',
  from: 'De',
  vatId: 'N° TVA',
  registration: 'Immatriculation',
  description: 'Description',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire',
  discount: 'Remise',
  tax: 'TVA',
  net: 'HT',
  subtotal: 'Sous-total HT',
  documentDiscount: 'Remise sur la facture',
  taxableAmount: 'Base imposable',
  taxAmount: 'TVA',
  total: 'Total TTC',
  paid: 'Payé',
  credited: 'Avoirs',
  amountDue: 'Reste à payer',
  taxBreakdown: 'Récapitulatif TVA',
  rate: 'Taux',
  paymentInstructions: 'Informations de paiement',
  accountHolder: 'Titulaire du compte',
  reference: 'Référence',
  scanToPay: 'Scanner pour payer par virement',
  notes: 'Notes',
  terms: 'Conditions',
  markPaid: 'PAYÉE',
  markVoid: 'ANNULÉE',
  markCredited: 'AVOIR ÉMIS',
  creditNote: 'Avoir',
  creditNoteNumber: "Numéro d'avoir",
  correctsInvoice: (number, date) => `${number} du ${date}`,
  reason: 'Motif',
  reasons: {
    duplicate: 'Facture en double',
    fraudulent: 'Débit frauduleux',
    order_change: 'Commande modifiée',
    product_unsatisfactory: 'Produit ou service non satisfaisant',
    other: 'Rectification',
  },
  creditNotes: 'Avoirs',
  page: (page, of) => `Page ${page} sur ${of}`,
  continued: 'suite',
  downloadPdf: 'Télécharger le PDF',
  downloadEInvoice: (format) => `Télécharger la facture électronique (${format})`,
  pay: (amount) => `Payer ${amount}`,
  paymentReceived: 'Merci : votre paiement a bien été reçu.',
  paymentFailed: "Le paiement n'a pas abouti ; rien n'a été débité.",
  deposit: {
    title: "Facture d'acompte",
    deducted: 'Acomptes déduits',
    invoice: (number, date) => `Facture d'acompte ${number} du ${date}`,
    totalDeducted: 'Total déduit',
  },
  quote: {
    title: 'Devis',
    number: 'Numéro de devis',
    validUntil: "Valable jusqu'au",
    subject: (number, seller) => `Devis ${number} de ${seller}`,
    body: (seller, number, amount, until) =>
      `${seller} vous a envoyé le devis ${number} d'un montant de ${amount}, valable jusqu'au ${until}. Vous pouvez l'accepter ou le refuser en ligne.`,
    view: 'Voir et accepter le devis',
    accept: 'Accepter le devis',
    decline: 'Refuser',
    yourName: 'Votre nom (facultatif)',
    acceptedOn: (date, name) => (name ? `Accepté le ${date} par ${name}.` : `Accepté le ${date}.`),
    declinedOn: (date) => `Refusé le ${date}.`,
    expiredOn: (date) => `Ce devis a expiré le ${date}.`,
    stale: 'Le devis a changé pendant que la page était ouverte : le voici tel qu’il est maintenant.',
    closed: 'Ce devis ne peut plus être accepté ni refusé.',
  },
  accounting: {
    vatIn: (currency) => `TVA en ${currency}`,
    rate: (rate, source) => `au taux ${rate}, ${source}`,
    ecb: (date) => `taux de référence de la BCE du ${date}`,
    manual: (date) => `taux convenu du ${date}`,
    viaEuro: 'via l’euro',
  },
  statement: {
    title: 'Relevé de compte',
    period: (from, to) => `du ${from} au ${to}`,
    currency: (code) => `En ${code}`,
    date: 'Date',
    entry: 'Opération',
    number: 'Numéro',
    amount: 'Montant',
    balance: 'Solde',
    opening: "Solde d'ouverture",
    closing: 'Solde de clôture',
    ageing: 'Montants ouverts par ancienneté',
    nothing: 'Aucun document ni paiement.',
    types: {
      invoice: 'Facture',
      late_fee: 'Pénalités de retard',
      credit_note: 'Avoir',
      payment: 'Paiement',
      refund: 'Remboursement',
    },
    buckets: {
      current: 'Non échu',
      days_1_30: '1 à 30 jours',
      days_31_60: '31 à 60 jours',
      days_61_90: '61 à 90 jours',
      over_90: 'Plus de 90 jours',
    },
  },
  exemptions: {
    reverse_charge: 'Autoliquidation',
    intra_community: 'Livraison intracommunautaire exonérée',
    export: "Exportation exonérée hors de l'UE",
    outside_scope: 'Non soumis à la TVA',
  },
  categories: {
    S: 'TVA',
    Z: 'Taux zéro',
    E: 'Exonéré',
    AE: 'Autoliquidation',
    K: 'Intracommunautaire',
    G: 'Export',
    O: 'Hors champ',
  },
  email: {
    subject: (number, seller) => `Facture ${number} de ${seller}`,
    reminderSubject: (number, seller) => `Rappel : facture ${number} de ${seller}`,
    greeting: (name) => `Bonjour ${name},`,
    body: (seller, number) => `${seller} vous a envoyé la facture ${number}.`,
    reminderBody: (number, days) =>
      days > 0
        ? `La facture ${number} est en retard de ${days} ${days === 1 ? 'jour' : 'jours'}.`
        : `Ceci est un rappel concernant la facture ${number}.`,
    dueBy: (amount, date) => `${amount} à régler avant le ${date}.`,
    view: 'Voir la facture',
    payOnline: 'Payer en ligne',
    signOff: (seller) => `Cordialement,\n${seller}`,
    creditNoteSubject: (number, seller) => `Avoir ${number} de ${seller}`,
    creditNoteBody: (seller, number, invoice, amount) =>
      `${seller} a émis l'avoir ${number} de ${amount} sur la facture ${invoice}.`,
    viewCreditNote: "Voir l'avoir",
  },
};

const es: Words = {
  invoice: 'Factura',
  invoiceNumber: 'Número de factura',
  correctedInvoice: 'Rectifica la factura',
  issueDate: 'Fecha de emisión',
  dueDate: 'Fecha de vencimiento',
  supplyDate: 'Fecha de entrega',
  servicePeriod: 'Periodo de servicio',
  billedTo: 'Facturado a',
  from: 'De',
  vatId: 'NIF-IVA',
  registration: 'Registro mercantil',
  description: 'Descripción',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  discount: 'Descuento',
  tax: 'IVA',
  net: 'Neto',
  subtotal: 'Subtotal',
  documentDiscount: 'Descuento en la factura',
  taxableAmount: 'Base imponible',
  taxAmount: 'IVA',
  total: 'Total',
  paid: 'Pagado',
  credited: 'Abonado',
  amountDue: 'Importe pendiente',
  taxBreakdown: 'Desglose de impuestos',
  rate: 'Tipo',
  paymentInstructions: 'Datos de pago',
  accountHolder: 'Titular de la cuenta',
  reference: 'Referencia',
  scanToPay: 'Escanee para pagar por transferencia',
  notes: 'Notas',
  terms: 'Condiciones',
  markPaid: 'PAGADA',
  markVoid: 'ANULADA',
  markCredited: 'ABONADA',
  creditNote: 'Factura rectificativa',
  creditNoteNumber: 'Número de rectificativa',
  correctsInvoice: (number, date) => `${number} del ${date}`,
  reason: 'Motivo',
  reasons: {
    duplicate: 'Factura duplicada',
    fraudulent: 'Cargo fraudulento',
    order_change: 'Pedido modificado',
    product_unsatisfactory: 'Producto o servicio insatisfactorio',
    other: 'Rectificación',
  },
  creditNotes: 'Facturas rectificativas',
  page: (page, of) => `Página ${page} de ${of}`,
  continued: 'continuación',
  downloadPdf: 'Descargar el PDF',
  downloadEInvoice: (format) => `Descargar la factura electrónica (${format})`,
  pay: (amount) => `Pagar ${amount}`,
  paymentReceived: 'Gracias: hemos recibido su pago.',
  paymentFailed: 'El pago no se ha completado; no se ha cobrado nada.',
  deposit: {
    title: 'Factura de anticipo',
    deducted: 'Anticipos deducidos',
    invoice: (number, date) => `Factura de anticipo ${number} del ${date}`,
    totalDeducted: 'Total deducido',
  },
  quote: {
    title: 'Presupuesto',
    number: 'Número de presupuesto',
    validUntil: 'Válido hasta',
    subject: (number, seller) => `Presupuesto ${number} de ${seller}`,
    body: (seller, number, amount, until) =>
      `${seller} le ha enviado el presupuesto ${number} por ${amount}, válido hasta el ${until}. Puede aceptarlo o rechazarlo en línea.`,
    view: 'Ver y aceptar el presupuesto',
    accept: 'Aceptar el presupuesto',
    decline: 'Rechazar',
    yourName: 'Su nombre (opcional)',
    acceptedOn: (date, name) => (name ? `Aceptado el ${date} por ${name}.` : `Aceptado el ${date}.`),
    declinedOn: (date) => `Rechazado el ${date}.`,
    expiredOn: (date) => `Este presupuesto caducó el ${date}.`,
    stale: 'El presupuesto cambió mientras la página estaba abierta: así queda ahora.',
    closed: 'Este presupuesto ya no puede aceptarse ni rechazarse.',
  },
  accounting: {
    vatIn: (currency) => `IVA en ${currency}`,
    rate: (rate, source) => `al tipo ${rate}, ${source}`,
    ecb: (date) => `tipo de referencia del BCE del ${date}`,
    manual: (date) => `tipo acordado del ${date}`,
    viaEuro: 'a través del euro',
  },
  statement: {
    title: 'Estado de cuenta',
    period: (from, to) => `del ${from} al ${to}`,
    currency: (code) => `En ${code}`,
    date: 'Fecha',
    entry: 'Movimiento',
    number: 'Número',
    amount: 'Importe',
    balance: 'Saldo',
    opening: 'Saldo inicial',
    closing: 'Saldo final',
    ageing: 'Importes pendientes por antigüedad',
    nothing: 'Ningún documento ni pago.',
    types: {
      invoice: 'Factura',
      late_fee: 'Intereses de demora',
      credit_note: 'Factura rectificativa',
      payment: 'Pago',
      refund: 'Reembolso',
    },
    buckets: {
      current: 'No vencido',
      days_1_30: '1–30 días',
      days_31_60: '31–60 días',
      days_61_90: '61–90 días',
      over_90: 'Más de 90 días',
    },
  },
  exemptions: {
    reverse_charge: 'Inversión del sujeto pasivo',
    intra_community: 'Entrega intracomunitaria exenta',
    export: 'Exportación exenta fuera de la UE',
    outside_scope: 'No sujeto a IVA',
  },
  categories: {
    S: 'IVA',
    Z: 'Tipo cero',
    E: 'Exento',
    AE: 'Inversión del sujeto pasivo',
    K: 'Intracomunitaria',
    G: 'Exportación',
    O: 'No sujeto',
  },
  email: {
    subject: (number, seller) => `Factura ${number} de ${seller}`,
    reminderSubject: (number, seller) => `Recordatorio: factura ${number} de ${seller}`,
    greeting: (name) => `Estimado/a ${name}:`,
    body: (seller, number) => `${seller} le ha enviado la factura ${number}.`,
    reminderBody: (number, days) =>
      days > 0
        ? `La factura ${number} lleva ${days} ${days === 1 ? 'día' : 'días'} vencida.`
        : `Le recordamos la factura ${number}.`,
    dueBy: (amount, date) => `${amount} vence el ${date}.`,
    view: 'Ver la factura',
    payOnline: 'Pagar en línea',
    signOff: (seller) => `Atentamente,\n${seller}`,
    creditNoteSubject: (number, seller) => `Factura rectificativa ${number} de ${seller}`,
    creditNoteBody: (seller, number, invoice, amount) =>
      `${seller} ha emitido la factura rectificativa ${number} por ${amount} de la factura ${invoice}.`,
    viewCreditNote: 'Ver la factura rectificativa',
  },
};

const WORDS: Record<Language, Words> = { en, de, fr, es };

/** The words of a BCP 47 tag's language; a tag the service cannot write falls back to English. */
export const wordsFor = (locale: string): Words =>
  WORDS[(LANGUAGES as readonly string[]).includes(locale.slice(0, 2)) ? (locale.slice(0, 2) as Language) : 'en'];
