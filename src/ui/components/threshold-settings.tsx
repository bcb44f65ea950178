/**
 * The resolver's two thresholds, each with one sentence saying what it does. The
 * auto-accept threshold may not go below the review threshold (nothing would ever be
 * asked about): such a pair is not saved, and the reason shows under the slider moved.
 */
import { useState } from 'react';
import type { Settings } from '../../core/settings';
import { usePanelStore } from '../store';

type Resolver = Settings['resolver'];

const percent = (x: number): number => Math.round(x * 100);

/** Why a pair of thresholds cannot be saved, or undefined when it can. */
export function thresholdProblem(resolver: Resolver): string | undefined {
  if (resolver.autoAcceptThreshold >= resolver.reviewThreshold) return undefined;
  return `The join-without-asking threshold (${percent(resolver.autoAcceptThreshold)}%) must be at or above the ask-me threshold (${percent(resolver.reviewThreshold)}%): otherwise a doubtful match would be joined without ever being asked about. Raise the first or lower the second.`;
}

export function ThresholdSettings() {
  const stored = usePanelStore((s) => s.settings.value.resolver);
  const save = usePanelStore((s) => s.saveSettings);
  const [draft, setDraft] = useState<Resolver>(stored);
  const [moved, setMoved] = useState<keyof Resolver>('autoAcceptThreshold');
  const problem = thresholdProblem(draft);
  const change = (key: keyof Resolver, value: number) => {
    const next = { ...draft, [key]: value / 100 };
    setDraft(next);
    setMoved(key);
    if (thresholdProblem(next) !== undefined) return;
    void save((s) => ({ ...s, resolver: { ...s.resolver, ...next } }));
  };
  const error = (key: keyof Resolver) => problem !== undefined && moved === key;
  return (
    <fieldset>
      <legend>Matching names</legend>
      <label>
        Join an existing entity without asking from {percent(draft.autoAcceptThreshold)}% confidence
        <input
          type="range"
          min={50}
          max={100}
          value={percent(draft.autoAcceptThreshold)}
          onChange={(e) => change('autoAcceptThreshold', Number(e.target.value))}
          aria-describedby="auto-accept-help"
          aria-invalid={error('autoAcceptThreshold')}
          data-testid="auto-accept"
        />
      </label>
      <p id="auto-accept-help" className="muted small">
        When a name on a page matches an entity you have at least this well, it is added to that entity without asking.
      </p>
      {error('autoAcceptThreshold') && (
        <p role="alert" className="error small" data-testid="threshold-error">
          {problem}
        </p>
      )}
      <label>
        Ask me (review queue) from {percent(draft.reviewThreshold)}%
        <input
          type="range"
          min={0}
          max={100}
          value={percent(draft.reviewThreshold)}
          onChange={(e) => change('reviewThreshold', Number(e.target.value))}
          aria-describedby="review-help"
          aria-invalid={error('reviewThreshold')}
          data-testid="review-threshold"
        />
      </label>
      <p id="review-help" className="muted small">
        A weaker match, from this score up to the first one, waits in Merge &amp; review for you to decide; below it, the name becomes a new
        entity.
      </p>
      {error('reviewThreshold') && (
        <p role="alert" className="error small" data-testid="threshold-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
