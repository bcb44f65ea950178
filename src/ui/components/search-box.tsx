/**
 * The search box: fuzzy, typo-tolerant search through the `entity_search` tool.
 */
import type { FormEvent } from 'react';
import { usePanelStore } from '../store';

export function SearchBox() {
  const search = usePanelStore((s) => s.search);
  const setQuery = usePanelStore((s) => s.setQuery);
  const runSearch = usePanelStore((s) => s.runSearch);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void runSearch(search.query);
  };
  return (
    <section aria-label="Search">
      <form role="search" onSubmit={onSubmit} className="search">
        <input
          type="search"
          aria-label="Search entities"
          placeholder="Search entities (typos are fine)"
          value={search.query}
          maxLength={200}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="search-input"
        />
        <button type="submit">Search</button>
      </form>
      {search.status === 'error' && <p role="alert" className="error">{search.error}</p>}
      {search.status === 'done' && search.results.length === 0 && <p className="muted">No match.</p>}
      {search.results.length > 0 && (
        <ol className="results" data-testid="search-results">
          {search.results.map((hit) => (
            <li key={`${hit.name}|${hit.entity_type}`} data-testid="search-result">
              <span className="name">{hit.name}</span>
              <span className={`type type-${hit.entity_type}`}>{hit.entity_type}</span>
              <span className="score">{hit.score.toFixed(2)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
