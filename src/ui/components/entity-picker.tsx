/** Picks an entity by typing part of its name (`entity_search`), for merges and new relationships. */
import { useId, useState } from 'react';
import { callTool } from '../../messaging/client';
import type { SearchHit } from '../store';
import { TypeBadge } from './type-badge';

/** Suggestions shown while typing. */
const SUGGESTIONS = 8;

export function EntityPicker({
  label,
  onPick,
  exclude,
}: {
  readonly label: string;
  readonly onPick: (hit: SearchHit) => void;
  readonly exclude?: string;
}) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<readonly SearchHit[]>([]);
  const id = useId();
  const change = async (text: string) => {
    setQuery(text);
    if (text.trim() === '') return setHits([]);
    try {
      const { results } = await callTool('entity_search', { query: text.trim(), limit: SUGGESTIONS });
      setHits(results.filter((h) => h.id !== exclude));
    } catch {
      setHits([]);
    }
  };
  return (
    <div className="picker">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={query} maxLength={200} autoComplete="off" onChange={(e) => void change(e.target.value)} />
      {hits.length > 0 && (
        <ul className="suggestions" aria-label={`${label}: suggestions`}>
          {hits.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(h);
                  setQuery('');
                  setHits([]);
                }}
              >
                {h.name}
              </button>{' '}
              <TypeBadge type={h.entity_type} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
