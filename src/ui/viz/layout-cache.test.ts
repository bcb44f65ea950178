import { describe, expect, it } from 'vitest';
import type { DiagramModel } from './diagram-model';
import { LayoutCache } from './layout-cache';

const model = (mermaid: string): DiagramModel => ({
  mermaid,
  parts: [mermaid],
  nodes: {},
  shown: 0,
  total: 0,
  facts: 0,
  coMentions: 0,
  edges: [],
  palette: 'light',
});

describe('LayoutCache', () => {
  it('gives back a drawing by its text, and drops the least recently used past its size', () => {
    const cache = new LayoutCache(2);
    cache.set('a', { svg: '<svg>a</svg>', model: model('a') });
    cache.set('b', { svg: '<svg>b</svg>', model: model('b') });
    expect(cache.get('a')?.svg).toBe('<svg>a</svg>'); // a is now the most recent
    cache.set('c', { svg: '<svg>c</svg>', model: model('c') });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.svg).toBe('<svg>a</svg>');
    expect(cache.get('c')?.svg).toBe('<svg>c</svg>');
    cache.set('c', { svg: '<svg>c2</svg>', model: model('c') });
    expect(cache.get('c')?.svg).toBe('<svg>c2</svg>');
  });
});
