// Money as files and e-mails write it (docs/decisions/0110-rules-as-data-in-the-contract.md):
// integer cents as a plain decimal, "1234.56", with no symbol or grouping, so a spreadsheet reads
// it as a number. Screens show money through the dashboard's formatter (src/lib/format.ts).

/** Integer cents as a decimal amount: 123456 → "1234.56", -5 → "-0.05". */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
