/**
 * What the side panel and the background's bridge say to each other over a
 * long-lived port named `ariadne.bridge` (a port, not `runtime.sendMessage`, so the
 * panel sees approvals the moment they arrive and the message router stays untouched).
 *
 *   panel → bridge   setEnabled · decide · revoke
 *   bridge → panel   state (the whole snapshot, after every change)
 *
 * Pure: no browser imports. Both ends parse what they receive.
 */
import { z } from 'zod';

export const BRIDGE_PORT_NAME = 'ariadne.bridge';
/** Pending approvals shown at once; more wait in the background's queue order. */
export const MAX_PENDING_APPROVALS = 20;
/** Remembered "always" grants; the oldest are dropped beyond this. */
export const MAX_GRANTS = 200;
/** Connected agents listed; the host itself caps connections at 16. */
export const MAX_LISTED_CLIENTS = 32;

export const approvalDecisionSchema = z.enum(['once', 'always', 'deny']);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const pendingApprovalSchema = z.object({
  id: z.string().max(100),
  tool: z.string().max(100),
  sideEffectClass: z.enum(['read-only', 'side-effecting', 'destructive', 'external-stateful']),
  client: z.string().max(200),
  /** The call's arguments as JSON, cut to a readable length. Untrusted: shown as text. */
  argumentsPreview: z.string().max(4_000),
  requestedAt: z.number(),
  expiresAt: z.number(),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const grantSchema = z.object({
  client: z.string().max(200),
  tool: z.string().max(100),
  grantedAt: z.number(),
});
export type Grant = z.infer<typeof grantSchema>;

export const connectedClientSchema = z.object({
  connectionId: z.string().max(50),
  name: z.string().max(200),
  version: z.string().max(100),
  connectedAt: z.number(),
});
export type ConnectedClient = z.infer<typeof connectedClientSchema>;

export const bridgeStatusSchema = z.enum(['off', 'connecting', 'connected', 'waiting']);
export type BridgeStatus = z.infer<typeof bridgeStatusSchema>;

export const bridgeStateSchema = z.object({
  enabled: z.boolean(),
  /** off: turned off · connecting: host starting · connected: host ready · waiting: retrying after a failure. */
  status: bridgeStatusSchema,
  /** Why the last connection failed (e.g. the host is not installed), for the settings page. */
  lastError: z.string().max(500).optional(),
  retryAt: z.number().optional(),
  clients: z.array(connectedClientSchema).max(MAX_LISTED_CLIENTS),
  pending: z.array(pendingApprovalSchema).max(MAX_PENDING_APPROVALS),
  grants: z.array(grantSchema).max(MAX_GRANTS),
});
export type BridgeState = z.infer<typeof bridgeStateSchema>;

export const panelToBridgeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('setEnabled'), enabled: z.boolean() }),
  z.object({ type: z.literal('decide'), id: z.string().max(100), decision: approvalDecisionSchema }),
  z.object({ type: z.literal('revoke'), client: z.string().max(200), tool: z.string().max(100) }),
]);
export type PanelToBridge = z.infer<typeof panelToBridgeSchema>;

export const bridgeToPanelSchema = z.object({ type: z.literal('state'), state: bridgeStateSchema });
export type BridgeToPanel = z.infer<typeof bridgeToPanelSchema>;

/** What the background persists (its own IndexedDB): off until the user turns it on. */
export const bridgeSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  grants: z.array(grantSchema).max(MAX_GRANTS).default([]),
});
export type BridgeSettings = z.infer<typeof bridgeSettingsSchema>;
