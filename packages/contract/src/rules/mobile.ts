/** Mainland mobile number (spec §5): 11 digits, first digit 1, second digit 3–9. */
export const isMobile = (value: string): boolean => /^1[3-9]\d{9}$/.test(value);

/** Spec §5: "Empty is not checked" — an empty value passes the form check; required-ness is separate. */
export const isMobileOrEmpty = (value: string): boolean => value === '' || isMobile(value);
