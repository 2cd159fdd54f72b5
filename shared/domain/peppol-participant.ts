// A Peppol participant identifier, written `scheme:identifier` (`0208:0123456749`): a scheme of the
// Peppol EAS code list and an identifier that meets the scheme's own check where Peppol BIS Billing 3.0
// has one (PEPPOL-COMMON-R040…R053). A code list and the rules' arithmetic, not a lookup: whether the
// participant is registered on the network is the access point's answer.

/**
 * The schemes Peppol BIS Billing 3.0.21 accepts for an electronic address (PEPPOL-EN16931-CL008):
 * narrower than EN 16931's list, without the e-mail scheme EM and the other letter schemes.
 */
export const PEPPOL_SCHEMES: ReadonlySet<string> = new Set(
  [
    '0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191 0192 0195 0196',
    '0198 0199 0200 0201 0204 0208 0209 0210 0211 0216 0218 0221 0225 0230 0235 0240 0242 0244 0245 0246',
    '0248 9910 9913 9914 9915 9918 9919 9920',
    Array.from({ length: 9953 - 9922 + 1 }, (_, i) => String(9922 + i)).join(' '),
    '9957 9959',
  ]
    .join(' ')
    .split(' '),
);

export type PeppolParticipant = { scheme: string; identifier: string };
/** Why an identifier is not one Peppol accepts, with the rule that says so. */
export type ParticipantProblem = { rule: string; message: string };

const digits = (text: string) => [...text].map(Number);
const allDigits = (text: string, length?: number) =>
  /^[0-9]+$/.test(text) && (length === undefined || text.length === length);

/** GS1's check digit: weights 3 and 1 from the right, the last digit making the sum a multiple of 10. */
function glnChecks(value: string): boolean {
  const body = digits(value.slice(0, -1)).reverse();
  const sum = body.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value.at(-1));
}

/** Norwegian organization numbers: weights 2…7 from the right, mod 11. */
function mod11Checks(value: string): boolean {
  const body = digits(value.slice(0, -1)).reverse();
  const sum = body.reduce((total, digit, i) => total + digit * ((i % 6) + 2), 0);
  return Number(value) > 0 && (11 - (sum % 11)) % 11 === Number(value.at(-1));
}

/** Belgian enterprise numbers: the last two digits are 97 less the first eight mod 97. */
const mod97Checks = (value: string) => 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));

/** Swedish organization numbers: Luhn over the first nine digits. */
function luhnChecks(value: string): boolean {
  const body = digits(value.slice(0, 9)).reverse();
  const sum = body.reduce((total, digit, i) => {
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    return total + (weighted % 10) + Math.floor(weighted / 10);
  }, 0);
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** Australian Business Numbers: the first digit less one, weighted, mod 89. */
function abnChecks(value: string): boolean {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const [first, ...rest] = digits(value);
  return [first! - 1, ...rest].reduce((total, digit, i) => total + digit * weights[i]!, 0) % 89 === 0;
}

const danishCvr = (value: string) => allDigits(value, 8) || /^DK[0-9]{8}$/.test(value);

/** The schemes whose identifiers the Peppol rules check, each with its rule and what it expects. */
const SCHEME_CHECKS: Record<string, { rule: string; expects: string; holds: (value: string) => boolean }> = {
  '0088': {
    rule: 'PEPPOL-COMMON-R040',
    expects: 'a GLN with a valid GS1 check digit',
    holds: (v) => allDigits(v) && glnChecks(v),
  },
  '0192': {
    rule: 'PEPPOL-COMMON-R041',
    expects: 'a nine-digit Norwegian organization number with a valid check digit',
    holds: (v) => allDigits(v, 9) && mod11Checks(v),
  },
  '0184': {
    rule: 'PEPPOL-COMMON-R042',
    expects: 'a Danish CVR number (8 digits, or DK and 8 digits)',
    holds: danishCvr,
  },
  '0096': { rule: 'PEPPOL-COMMON-R052', expects: 'a ten-digit Danish P number', holds: (v) => allDigits(v, 10) },
  '0198': {
    rule: 'PEPPOL-COMMON-R053',
    expects: 'a Danish SE number (DK and 8 digits)',
    holds: (v) => /^DK[0-9]{8}$/.test(v),
  },
  '0208': {
    rule: 'PEPPOL-COMMON-R043',
    expects: 'a ten-digit Belgian enterprise number with valid check digits (mod 97)',
    holds: (v) => allDigits(v, 10) && mod97Checks(v),
  },
  '0007': {
    rule: 'PEPPOL-COMMON-R049',
    expects: 'a ten-digit Swedish organization number with a valid check digit',
    holds: (v) => allDigits(v, 10) && luhnChecks(v),
  },
  '0151': {
    rule: 'PEPPOL-COMMON-R050',
    expects: 'an eleven-digit Australian Business Number with valid check digits',
    holds: (v) => allDigits(v, 11) && abnChecks(v),
  },
};

/** `0208:0123456749` as scheme and identifier, or the problem with it, naming the Peppol rule. */
export function parsePeppolParticipant(text: string): PeppolParticipant | ParticipantProblem {
  const match = /^([0-9]{4}):([^\s:][^\s]{0,99})$/.exec(text);
  if (!match)
    return {
      rule: 'PEPPOL-EN16931-CL008',
      message: 'must be a Peppol EAS scheme and an identifier, such as "0208:0123456749" or "9930:DE123456789"',
    };
  const [, scheme, identifier] = match as unknown as [string, string, string];
  if (!PEPPOL_SCHEMES.has(scheme))
    return { rule: 'PEPPOL-EN16931-CL008', message: `scheme ${scheme} is not in the Peppol EAS code list` };
  const check = SCHEME_CHECKS[scheme];
  if (check && !check.holds(identifier))
    return { rule: check.rule, message: `scheme ${scheme} needs ${check.expects}` };
  return { scheme, identifier };
}

export const isParticipantProblem = (parsed: PeppolParticipant | ParticipantProblem): parsed is ParticipantProblem =>
  'rule' in parsed;
