/** Settings → Appearance: light, dark, or as the system (the default), applied at once and remembered. */
import { useEffect, useState } from 'react';
import { userError } from '../user-error';
import { chooseTheme, storedTheme, THEMES } from '../theme';
import type { Theme } from '../theme';

export function AppearanceSettings() {
  const [theme, setTheme] = useState<Theme>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void storedTheme().then((t) => {
      if (live) setTheme(t);
    });
    return () => {
      live = false;
    };
  }, []);
  const choose = (t: Theme) => {
    setTheme(t);
    chooseTheme(t).catch((e: unknown) => setError(`Not remembered: ${userError(e)}`));
  };
  return (
    <fieldset className="chips-row" data-testid="appearance">
      <legend>Appearance</legend>
      <div role="radiogroup" aria-label="Colours" className="actions">
        {THEMES.map((t) => (
          <label key={t.id} className="inline">
            <input
              type="radio"
              name="theme"
              value={t.id}
              checked={theme === t.id}
              onChange={() => choose(t.id)}
              data-testid={`theme-${t.id}`}
            />
            {t.label}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="error small">
          {error}
        </p>
      )}
    </fieldset>
  );
}
