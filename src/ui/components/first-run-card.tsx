/**
 * The first-run card: what Ariadne captures, where it keeps it, how to pause it, how to
 * ask, and what the numbers beside names mean. Shown above the views until dismissed;
 * the dismissal is remembered in the extension's local storage.
 */
import { useEffect, useState } from 'react';
import { storageGet, storageSet } from '../browser-api';

/** The storage key remembering that the card was dismissed. */
export const FIRST_RUN_DISMISSED_KEY = 'ariadne.firstRunDismissed';

export function FirstRunCard() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let live = true;
    void storageGet(FIRST_RUN_DISMISSED_KEY).then(
      (dismissed) => {
        if (live) setShown(dismissed !== true);
      },
      () => {
        if (live) setShown(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    void storageSet(FIRST_RUN_DISMISSED_KEY, true);
  };
  return (
    <section aria-labelledby="first-run-heading" className="card first-run" data-testid="first-run-card">
      <h2 id="first-run-heading">Welcome to Ariadne</h2>
      <ul className="first-run-list">
        <li>
          <strong>What it captures:</strong> the main text of pages you visit, and from it the companies, people, technologies, products and
          places named, with how they relate.
        </li>
        <li>
          <strong>Where it is kept:</strong> in this browser, on this computer. Nothing leaves it unless you set up an LLM or Wikidata
          look-ups in Settings.
        </li>
        <li>
          <strong>How to pause:</strong> Settings → Capture → Pause, or block a site there.
        </li>
        <li>
          <strong>How to ask:</strong> the Ask tab, in plain words: “What did I read today?”
        </li>
        <li>
          <strong>The numbers:</strong> ×3 beside a name means the pages you captured named it 3 times; a percentage in Merge &amp; review
          is how sure Ariadne is that two names are one thing; an answer&apos;s confidence says whether your graph holds the facts.
        </li>
      </ul>
      <button type="button" onClick={dismiss} data-testid="first-run-dismiss">
        Got it
      </button>
    </section>
  );
}
