/**
 * The first-run card: what Ariadne captures, where it keeps it, how to pause it, how to
 * ask, and what the numbers beside names mean. Shown above the views until dismissed;
 * the dismissal is remembered in the extension's local storage. Once pages were captured
 * the card is one line (its points behind a disclosure), so it no longer takes half the
 * start view from the pages' entities.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { storageGet, storageSet } from '../browser-api';
import { useLiveQuery } from '../live-query';
import { panelGraph } from '../panel-ports';
import { usePanelStore } from '../store';

/** The storage key remembering that the card was dismissed. */
export const FIRST_RUN_DISMISSED_KEY = 'ariadne.firstRunDismissed';

export function FirstRunCard() {
  const [shown, setShown] = useState(false);
  const { value: pages } = useLiveQuery(() => panelGraph().countPages(), []);
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
  const dismissButton = (
    <button type="button" onClick={dismiss} data-testid="first-run-dismiss">
      Got it
    </button>
  );
  if ((pages ?? 0) > 0) {
    return (
      <section aria-label="Welcome to Ariadne" className="card first-run compact" data-testid="first-run-card" data-compact="true">
        <details>
          <summary>Welcome to Ariadne: how it works</summary>
          <FirstRunPoints />
        </details>
        {dismissButton}
      </section>
    );
  }
  return (
    <section aria-labelledby="first-run-heading" className="card first-run" data-testid="first-run-card">
      <h2 id="first-run-heading">Welcome to Ariadne</h2>
      <FirstRunPoints />
      {dismissButton}
    </section>
  );
}

function SettingsLink({ children }: { readonly children: ReactNode }) {
  const showSettings = usePanelStore((s) => s.showSettings);
  return (
    <button type="button" className="link" onClick={() => showSettings('capture')} data-testid="first-run-settings">
      {children}
    </button>
  );
}

function FirstRunPoints() {
  return (
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
        <strong>How to pause:</strong> <SettingsLink>Settings → Capture</SettingsLink> → Pause, or block a site there.
      </li>
      <li>
        <strong>How to ask:</strong> the Ask tab, in plain words: “What did I read today?”
      </li>
      <li>
        <strong>The numbers:</strong> ×3 beside a name means the pages you captured named it 3 times; a percentage in Merge &amp; review is
        how sure Ariadne is that two names are one thing; an answer&apos;s confidence says whether your graph holds the facts.
      </li>
    </ul>
  );
}
