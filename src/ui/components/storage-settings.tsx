/** Storage used by Ariadne (`navigator.storage.estimate`) and a request for persistent storage. */
import { useEffect, useState } from 'react';
import { formatBytes } from '../format-bytes';

export function StorageSettings() {
  const [estimate, setEstimate] = useState<StorageEstimate>();
  const [persisted, setPersisted] = useState<boolean>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all([navigator.storage?.estimate?.(), navigator.storage?.persisted?.()]).then(([e, p]) => {
      if (!live) return;
      setEstimate(e);
      setPersisted(p);
    });
    return () => {
      live = false;
    };
  }, [version]);
  const persist = async () => {
    setPersisted(await navigator.storage?.persist?.());
    setVersion((v) => v + 1);
  };
  return (
    <fieldset>
      <legend>Storage</legend>
      <p data-testid="storage-used">
        Used: {formatBytes(estimate?.usage)} of the {formatBytes(estimate?.quota)} the browser allows Ariadne.
      </p>
      {persisted ? (
        <p>Persistent storage is on: the browser will not evict the graph when space runs low.</p>
      ) : (
        <p>
          The browser may clear the graph when disk space runs low.{' '}
          <button type="button" onClick={() => void persist()}>
            Keep my data (persistent storage)
          </button>
          {persisted === false && (
            <span className="muted small"> Not granted yet; browsers grant it to extensions and often-used sites.</span>
          )}
        </p>
      )}
    </fieldset>
  );
}
