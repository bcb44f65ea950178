/**
 * "Read PDFs automatically": the optional access to web sites the background needs to
 * download a PDF by itself when the user opens one (`core/pdf-access.ts`). The box is the
 * permission: ticking it asks the browser, clearing it gives the access up. Without it,
 * PDFs are read only on Alt+Shift+A or "Capture this page".
 */
import { useEffect, useState } from 'react';
import { pdfAccessGranted, setPdfAccess } from '../pdf-access-api';
import { PermissionCheckbox } from './permission-checkbox';

export function PdfAccessSetting() {
  const [granted, setGranted] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void pdfAccessGranted()
      .then((on) => live && setGranted(on))
      .catch(() => live && setGranted(false));
    return () => {
      live = false;
    };
  }, []);
  const change = (on: boolean) => {
    setError(undefined);
    setPdfAccess(on).then(setGranted, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <PermissionCheckbox
      checked={granted === true}
      disabled={granted === undefined}
      onChange={change}
      label="Read PDFs automatically"
      help="PDFs you open (addresses ending in .pdf) are read like pages. This needs access to the sites you visit, which your browser asks you for; without it, PDFs are read only when you press Alt+Shift+A or choose “Capture this page”."
      helpId="pdf-access-help"
      testId="pdf-access"
      error={error}
    />
  );
}
