/**
 * The search view: the search box with type filters and keyboard navigation
 * (↑/↓ to move, Enter to open, `/` anywhere to focus), results with type, aliases
 * and how often each was seen, and the recent entities when nothing is typed.
 */
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { EntityType } from '../../core/graph/types';
import { usePanelStore } from '../store';
import { BulkBar } from './bulk-bar';
import { RecentEntities } from './recent-entities';
import { SearchResults, useOpenHit } from './search-results';

export function SearchView() {
  const search = usePanelStore((s) => s.search);
  const runSearch = usePanelStore((s) => s.runSearch);
  const moveActive = usePanelStore((s) => s.moveActive);
  const setTypes = usePanelStore((s) => s.setTypes);
  const setEverywhere = usePanelStore((s) => s.setEverywhere);
  const { open: openHit } = useOpenHit();
  const input = useRef<HTMLInputElement>(null);

  // `/` focuses the search box from anywhere in the panel (not while typing elsewhere).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target;
      const typing =
        target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if (event.key === '/' && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = search.results[search.active];
      if (hit) openHit(hit);
    } else if (event.key === 'Escape') {
      void runSearch('');
    }
  };

  const toggleType = (type: EntityType) =>
    setTypes(search.types.includes(type) ? search.types.filter((t) => t !== type) : [...search.types, type]);

  return (
    <section aria-label="Search" className="stack">
      <form
        className="search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void runSearch(search.query);
        }}
      >
        <input
          ref={input}
          type="search"
          aria-label="Search entities"
          aria-controls={search.results.length > 0 ? 'search-results' : undefined}
          placeholder="Names, typos fine (press /)"
          value={search.query}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => void runSearch(e.target.value)}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
        <button type="submit">Search</button>
      </form>
      <fieldset className="chips" aria-label="Filter by type">
        {ENTITY_TYPES.map((type) => (
          <label key={type} className={`chip ${search.types.includes(type) ? 'on' : ''}`}>
            <input
              type="checkbox"
              checked={search.types.includes(type)}
              onChange={() => toggleType(type)}
              data-testid={`type-filter-${type}`}
            />
            {type}
          </label>
        ))}
      </fieldset>
      <label className="inline small">
        <input
          type="checkbox"
          checked={search.everywhere}
          onChange={(e) => setEverywhere(e.target.checked)}
          data-testid="search-everywhere"
        />
        Search all workspaces
      </label>
      {search.status === 'error' && (
        <p role="alert" className="error">
          {search.error}
        </p>
      )}
      <BulkBar />
      {search.query.trim() === '' ? <RecentEntities /> : <SearchResults />}
    </section>
  );
}
