/**
 * Saves the server's CSV on the device: a Blob offered as a download (the file name the server
 * chose). Returns false when the browser cannot (no object URLs).
 */
export function saveCsv(filename: string, csv: string, doc: Document = document): boolean {
  if (typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  doc.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the URL is let go after it was read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
