// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeState } from '../../native-host/panel-protocol';
import { type BridgeClient, createBridgeClient, type PanelPort } from './bridge-client';
import { AgentApprovals, AgentBridgeSettings } from './agent-bridge';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

/** Stands in for the background's end of the `ariadne.bridge` port. */
function fakeBackground() {
  const sent: unknown[] = [];
  let push: (m: unknown) => void = () => undefined;
  let opened = 0;
  const open = (name: string): PanelPort => {
    expect(name).toBe('ariadne.bridge');
    opened += 1;
    return {
      postMessage: (m) => sent.push(m),
      disconnect: () => undefined,
      onMessage: { addListener: (l) => void (push = l) },
      onDisconnect: { addListener: () => undefined },
    };
  };
  return { open, sent, state: (state: BridgeState) => act(() => push({ type: 'state', state })), opened: () => opened };
}

const base: BridgeState = { enabled: true, status: 'connected', clients: [], pending: [], grants: [] };

describe('agent approvals and bridge settings', () => {
  let container: HTMLDivElement;
  let root: Root;
  let background: ReturnType<typeof fakeBackground>;
  let client: BridgeClient;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    background = fakeBackground();
    client = createBridgeClient(background.open);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    client.close();
  });

  const render = () =>
    act(() =>
      root.render(
        <>
          <AgentApprovals client={client} />
          <AgentBridgeSettings client={client} />
        </>,
      ),
    );
  const button = (text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === text);

  it('a request arriving long after the panel opened counts down from its own time left, not from the panel’s opening', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      render();
      vi.setSystemTime(Date.now() + 1_200_000); // the panel has been open 20 minutes
      background.state({
        ...base,
        pending: [
          {
            id: 'a2',
            tool: 'entity_delete',
            sideEffectClass: 'destructive',
            client: 'cursor',
            argumentsPreview: '{}',
            requestedAt: Date.now(),
            expiresAt: Date.now() + 47_000,
          },
        ],
      });
      expect(container.querySelector('[data-testid="approval"]')?.textContent).toContain('· 47 s left');
      act(() => vi.advanceTimersByTime(2_000));
      expect(container.querySelector('[data-testid="approval"]')?.textContent).toContain('· 45 s left');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing to approve until a request arrives, then sends the decision', () => {
    render();
    expect(container.querySelector('[data-testid="agent-approvals"]')).toBeNull();
    background.state({
      ...base,
      pending: [
        {
          id: 'a1',
          tool: 'entity_add',
          sideEffectClass: 'side-effecting',
          client: 'claude-desktop',
          argumentsPreview: '{"name":"<img src=x onerror=alert(1)>"}',
          requestedAt: 0,
          expiresAt: Date.now() + 30_000,
        },
      ],
    });
    const item = container.querySelector('[data-testid="approval"]');
    expect(item?.textContent).toContain('claude-desktop wants to run entity_add');
    // Agent-supplied text is shown as text, never parsed as HTML.
    expect(container.querySelector('img')).toBeNull();
    expect(item?.querySelector('pre')?.textContent).toBe('{"name":"<img src=x onerror=alert(1)>"}');
    act(() => button('Approve once')?.click());
    act(() => button('Always for this agent')?.click());
    act(() => button('Deny')?.click());
    expect(background.sent).toEqual([
      { type: 'decide', id: 'a1', decision: 'once' },
      { type: 'decide', id: 'a1', decision: 'always' },
      { type: 'decide', id: 'a1', decision: 'deny' },
    ]);
  });

  it('settings: toggle, connected agents, and revoking a grant', () => {
    render();
    background.state({
      ...base,
      enabled: false,
      status: 'off',
      clients: [{ connectionId: 'c1', name: 'cursor', version: '1.0', connectedAt: 0 }],
      grants: [{ client: 'cursor', tool: 'entity_add', grantedAt: 0 }],
    });
    const toggle = container.querySelector<HTMLInputElement>('[data-testid="bridge-toggle"]');
    expect(toggle?.checked).toBe(false);
    // Laid out like the other Settings blocks: a fieldset named by its legend, the switch explained in one sentence.
    const block = container.querySelector('[data-testid="agent-settings"]');
    expect(block?.tagName).toBe('FIELDSET');
    expect(block?.querySelector(':scope > legend')?.textContent).toBe('AI agents (MCP)');
    const help = container.querySelector(`#${toggle?.getAttribute('aria-describedby') ?? 'none'}`);
    expect(help?.textContent).toContain('every change they ask for waits here for your approval');
    expect(container.querySelector('[data-testid="bridge-status"]')?.textContent).toMatch(/^Off/);
    expect(container.querySelector('[data-testid="bridge-clients"]')?.textContent).toContain('cursor');
    act(() => toggle?.click());
    act(() => button('Revoke')?.click());
    expect(background.sent).toEqual([
      { type: 'setEnabled', enabled: true },
      { type: 'revoke', client: 'cursor', tool: 'entity_add' },
    ]);
  });
});
