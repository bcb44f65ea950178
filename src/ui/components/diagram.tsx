/**
 * The graph as a Mermaid diagram from the `entity_visualize` tool, rendered with
 * `securityLevel: 'strict'` (labels are text, no click handlers, sanitized SVG).
 * Mermaid is loaded on first use so the panel opens fast.
 */
import { useEffect, useRef, useState } from 'react';
import { usePanelStore } from '../store';

let renderCount = 0;

async function renderMermaid(text: string): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  const dark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
  const { svg } = await mermaid.render(`ariadne-diagram-${++renderCount}`, text);
  return svg;
}

export function Diagram({ version }: { readonly version: number }) {
  const viz = usePanelStore((s) => s.viz);
  const drawDiagram = usePanelStore((s) => s.drawDiagram);
  const host = useRef<HTMLDivElement>(null);
  const [renderError, setRenderError] = useState<string>();

  // Redraw when the graph changes (the caller bumps `version`).
  useEffect(() => {
    void drawDiagram();
  }, [version, drawDiagram]);

  useEffect(() => {
    const text = viz.mermaid;
    if (text === undefined) return;
    let cancelled = false;
    renderMermaid(text).then(
      (svg) => {
        // Mermaid's strict mode has sanitized the SVG (DOMPurify); the page CSP forbids inline script.
        if (!cancelled && host.current) host.current.innerHTML = svg;
        setRenderError(undefined);
      },
      (error: unknown) => setRenderError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [viz.mermaid]);

  return (
    <section aria-labelledby="diagram-heading">
      <h2 id="diagram-heading">
        Diagram <button type="button" onClick={() => void drawDiagram()}>Redraw</button>
      </h2>
      {viz.status === 'error' && <p role="alert" className="error">{viz.error}</p>}
      {renderError && <p role="alert" className="error">The diagram could not be drawn: {renderError}</p>}
      {viz.note && <p className="muted">{viz.note}</p>}
      <div className="diagram" ref={host} data-testid="diagram" />
    </section>
  );
}
