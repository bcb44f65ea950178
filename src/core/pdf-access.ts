/**
 * The optional host permissions automatic PDF capture asks for (Settings → Capture →
 * "Read PDFs automatically"): the manifest declares them optional, the side panel asks
 * for them on the user's click and drops them when the box is cleared, and the
 * background reads a PDF by itself only while they are granted. The shortcut and the
 * context menu need none of it (their `activeTab` grant covers the tab acted on).
 */
export const PDF_ORIGINS: readonly string[] = ['http://*/*', 'https://*/*'];

/**
 * Chromium only: local files, asked for when the user ticks Settings → Capture → "Capture
 * local files (file://) when I ask" and dropped when it is cleared. It grants nothing until
 * the user also turns on "Allow access to file URLs" for Ariadne (chrome://extensions), and
 * Chromium shows no prompt or install warning for it. With both, the service worker's `fetch`
 * reads a `file://` PDF the user opened; without this origin that fetch fails although the
 * switch is on (docs/pdf-local-files.md).
 */
export const LOCAL_FILE_ORIGINS: readonly string[] = ['file:///*'];
