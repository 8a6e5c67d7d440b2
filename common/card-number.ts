// A full card number (PAN) must never be stored (PCI DSS): payments keep the holder, the
// last four digits and the expiry only. This finds a PAN typed anywhere in a text —
// 13 to 19 digits, possibly grouped by spaces or dashes, passing the Luhn check — so the
// server can refuse it and the screens can warn before sending.

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether the text holds what looks like a full card number. */
export function containsCardNumber(text: string | null | undefined): boolean {
  if (!text) return false;
  // Runs of digits with single spaces or dashes between them; a run of 13–19 digits
  // passing Luhn is a card number (longer runs are IBANs or references, not cards).
  for (const m of text.matchAll(/\d(?:[ -]?\d)*/g)) {
    const digits = m[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) return true;
  }
  return false;
}
