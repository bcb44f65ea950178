/**
 * The optional host permissions automatic PDF capture asks for (Settings → Capture →
 * "Read PDFs automatically"): the manifest declares them optional, the side panel asks
 * for them on the user's click and drops them when the box is cleared, and the
 * background reads a PDF by itself only while they are granted. The shortcut and the
 * context menu need none of it (their `activeTab` grant covers the tab acted on).
 */
export const PDF_ORIGINS: readonly string[] = ['http://*/*', 'https://*/*'];
