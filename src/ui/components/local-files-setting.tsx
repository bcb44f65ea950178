/**
 * "Capture local files (file://) when I ask": the capture policy's switch for `file://`
 * addresses and, in Chromium, the `file:///*` access the background needs to read a local
 * PDF (`core/pdf-access.ts`). Ticking asks for the access before anything else (a permission
 * request must be the click's first call) and keeps the box ticked only if it was given, else
 * says which switch to turn on first; clearing gives it up.
 */
import { useState } from 'react';
import { usePanelStore } from '../store';
import { setLocalFileAccess } from '../pdf-access-api';
import { PermissionCheckbox } from './permission-checkbox';

/** Chromium refuses the `file:///*` origin while its "Allow access to file URLs" switch is off (its request rejects). */
export const ACCESS_REFUSED =
  'Chromium did not give Ariadne access to local files. Turn on "Allow access to file URLs" first (chrome://extensions, "Details" under Ariadne), then tick this box again.';

export function LocalFilesSetting() {
  const allowed = usePanelStore((s) => s.settings.value.capture.allowFileUrls);
  const save = usePanelStore((s) => s.saveSettings);
  const [error, setError] = useState<string | undefined>(undefined);
  const change = (on: boolean) => {
    setError(undefined);
    setLocalFileAccess(on).then(
      (granted) => {
        if (on && !granted) setError(ACCESS_REFUSED);
        void save((s) => ({ ...s, capture: { ...s.capture, allowFileUrls: granted } }));
      },
      // Asking while the switch is off is rejected ("Extension must have file access enabled…"): say where the switch is.
      (e: unknown) => setError(on ? ACCESS_REFUSED : e instanceof Error ? e.message : String(e)),
    );
  };
  return (
    <PermissionCheckbox
      checked={allowed}
      onChange={change}
      label="Capture local files (file://) when I ask"
      help="Only on Alt+Shift+A or the right-click menu. Chromium also needs “Allow access to file URLs” on Ariadne’s details page (chrome://extensions); Firefox does not let add-ons read local files."
      helpId="file-urls-help"
      testId="allow-file-urls"
      error={error}
    />
  );
}
