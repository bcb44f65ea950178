/**
 * Notices that end with what they report: a confirmation ("Undone: …") goes after a short
 * read, an offer to undo after a longer one, and neither stays once a newer notice took
 * its place. One timer per notice; it only clears the notice it was set for.
 *
 * @example
 *   set({ notice });
 *   expireNotice(notice, () => get().notice, () => set({ notice: undefined }));
 */

/** How long a confirmation stays: long enough to read a line. */
export const DONE_NOTICE_MS = 8_000;
/** How long an offer to undo stays: time to notice a mistake, not so long it outlives the action's context. */
export const UNDO_NOTICE_MS = 60_000;

export function expireNotice<T extends { readonly text: string; readonly undoId?: string }>(
  notice: T,
  current: () => T | undefined,
  dismiss: () => void,
): void {
  const ms = notice.undoId === undefined ? DONE_NOTICE_MS : UNDO_NOTICE_MS;
  setTimeout(() => {
    if (current() === notice) dismiss();
  }, ms);
}
