// A party's electronic address for e-invoice delivery (EN 16931 BT-34 / BT-49): a scheme from the CEF
// Electronic Address Scheme list and an identifier in it, written `scheme:value` (`0208:0123456789`).
// A code list, not logic: the schemes the EN 16931 rules accept (BR-CL-25, CEN validation artefacts 1.3.16).

const SCHEMES = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 ' +
    '0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 ' +
    '0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 0242 0245 0246 0248 9910 9913 ' +
    '9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 ' +
    '9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);

export type ElectronicAddress = { scheme: string; value: string };

/** `0208:0123456789` as scheme and value, or undefined when it is not one. */
export function parseElectronicAddress(text: string): ElectronicAddress | undefined {
  const match = /^([0-9A-Z]{2,4}):(\S{1,100})$/.exec(text);
  if (!match || !SCHEMES.has(match[1]!)) return undefined;
  return { scheme: match[1]!, value: match[2]! };
}

/** An e-mail address as an electronic address, where no other is known (scheme EM). */
export const emailAddress = (email: string): ElectronicAddress => ({ scheme: 'EM', value: email });
