/**
 * What the numbers beside names mean, said where they appear. `×12` is how many times
 * captured pages named the entity (a page naming it three times counts three; adding it
 * by hand counts one): screen readers hear the words instead of the sign, a pointer sees
 * them on hover, and each list carries a one-line legend above its rows.
 *
 * @example
 *   <MentionCount count={e.mentionCount} />   // "×12", read "named 12 times in your captured pages"
 *   <CountLegend />                            // "×3 = named 3 times in the pages you captured."
 */

/** The words for a mention count, e.g. "named 12 times in your captured pages". */
export function mentionWords(count: number): string {
  return `named ${count} ${count === 1 ? 'time' : 'times'} in your captured pages`;
}

export function MentionCount({ count }: { readonly count: number }) {
  return (
    <span className="count" title={mentionWords(count)} data-testid="mention-count">
      <span aria-hidden="true">×{count}</span>
      <span className="sr-only">{mentionWords(count)}</span>
    </span>
  );
}

/** One line above a list of names with counts. */
export function CountLegend() {
  return (
    <p className="muted small count-legend" data-testid="count-legend">
      ×3 = named 3 times in the pages you captured.
    </p>
  );
}
