import { domainToASCII } from 'node:url';

// One canonical form of an e-mail address (docs/api.md#e-mail-addresses-in-one-canonical-form):
// the member lookup at sign-in, the sign-in lock and the uniqueness of members all compare this
// form, so no second spelling of an address (another Unicode form, another case, a Unicode
// domain) reaches a member, or a lock, that the first one does not.
//
// The local part: Unicode NFKC, then lower case (JavaScript's full Unicode lower-casing, so `İ`
// becomes `i̇`, not `i`: a different address, never a second spelling of `i`). The domain: the
// same, then IDNA to ASCII (`bücher.example` → `xn--bcher-kva.example`).

export function canonicalEmail(address: string): string {
  const folded = address.trim().normalize('NFKC').toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const domain = folded.slice(at + 1);
  // domainToASCII answers '' for a domain IDNA refuses: kept as folded, it matches no member.
  const ascii = domainToASCII(domain);
  return `${folded.slice(0, at)}@${ascii === '' ? domain : ascii}`;
}
