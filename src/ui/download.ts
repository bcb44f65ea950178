/**
 * Saves text or a blob as a file through a temporary object URL (no permission
 * needed). The file name is made safe for every file system.
 *
 * @example download('ariadne-graph.json', JSON.stringify(dump), 'application/json');
 */
export function download(fileName: string, content: string | Blob, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: `${type};charset=utf-8` }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName.replace(/[\\/:*?"<>|]/g, '_');
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Today's date as yyyy-mm-dd, for file names. */
export function stamp(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
