/**
 * Sizes for people: bytes in the largest unit that keeps the number at or above 1 (B, KB,
 * MB, GB, TB; 1 KB = 1,024 bytes, as file managers on Windows show them), with at most one
 * decimal and the locale's digit grouping.
 *
 * @example formatBytes(3_670_016) // '3.5 MB'
 * @example formatBytes(79_687_188_480) // '74.2 GB'
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number | undefined, locale: string | undefined = undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'unknown';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${UNITS[unit] ?? 'B'}`;
}
