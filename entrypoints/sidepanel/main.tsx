// First: zod must be jitless before any schema is built (src/messaging/zod-jitless.ts).
import '../../src/messaging/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../../src/ui/app';
import '../../src/ui/app.css';

// Thin wiring only: the panel lives in src/ui.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
