/**
 * A settings box that is also a browser permission: the checkbox, its help text and the
 * alert saying why the last change did not take. The state (asking the browser, what was
 * given) stays with each setting (`local-files-setting.tsx`, `pdf-access-setting.tsx`).
 */
import type { ReactNode } from 'react';

export interface PermissionCheckboxProps {
  readonly checked: boolean;
  /** While the current state is not known yet. */
  readonly disabled?: boolean;
  readonly onChange: (on: boolean) => void;
  readonly label: string;
  readonly help: ReactNode;
  /** The help paragraph's id (the box's `aria-describedby`). */
  readonly helpId: string;
  readonly testId: string;
  /** Why the last change did not take, shown as an alert. */
  readonly error: string | undefined;
}

export function PermissionCheckbox({ checked, disabled, onChange, label, help, helpId, testId, error }: PermissionCheckboxProps) {
  return (
    <>
      <label className="inline">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={helpId}
          data-testid={testId}
        />
        {label}
      </label>
      <p id={helpId} className="muted small">
        {help}
      </p>
      {error !== undefined && (
        <p role="alert" className="small">
          {error}
        </p>
      )}
    </>
  );
}
