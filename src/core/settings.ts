/**
 * The user's settings: one zod schema, with defaults, shared by the background
 * (which enforces them) and the side panel (which edits them). Stored in
 * `browser.storage.local` under `SETTINGS_STORAGE_KEY`; anything unreadable falls
 * back to the defaults field by field, so a bad value never locks the user out.
 * (The MCP bridge keeps its own settings under its own key.)
 */
import { z } from 'zod';

export const SETTINGS_STORAGE_KEY = 'ariadne.settings';

/**
 * Sites never captured unless the user edits the list: banking, webmail, login and
 * payment pages carry private data that does not belong in a research graph.
 * Patterns: a host (`mail.google.com`), a host suffix (`*.bank.com`), or a URL
 * prefix (`https://example.com/account/`).
 */
export const DEFAULT_BLOCKLIST: readonly string[] = [
  'mail.google.com', 'outlook.live.com', 'outlook.office.com', 'mail.yahoo.com', 'mail.proton.me', 'app.fastmail.com',
  'accounts.google.com', 'login.microsoftonline.com', 'login.live.com', 'appleid.apple.com', 'id.atlassian.com',
  '*.paypal.com', '*.chase.com', '*.bankofamerica.com', '*.wellsfargo.com', '*.citi.com', '*.hsbc.com',
  '*.barclays.co.uk', '*.revolut.com', '*.wise.com', '*.n26.com', 'web.whatsapp.com', 'messages.google.com',
  'web.telegram.org', '*.1password.com', '*.bitwarden.com', 'vault.lastpass.com',
];

/** Per-page cap on kept entities (the capture issue asks for about 25 by default). */
export const DEFAULT_MAX_ENTITIES_PER_PAGE = 25;

const captureSettings = z.object({
  /** auto: every allowed page at idle; manual: only the toolbar button, shortcut or menu. */
  mode: z.enum(['auto', 'manual']).catch('auto'),
  paused: z.boolean().catch(false),
  blocklist: z.array(z.string().max(300)).max(2000).catch([...DEFAULT_BLOCKLIST]),
  /** When non-empty, auto capture only runs on these sites. */
  allowlist: z.array(z.string().max(300)).max(2000).catch([]),
  /** file:// pages are skipped unless the user allows them. */
  allowFileUrls: z.boolean().catch(false),
  maxEntitiesPerPage: z.number().int().min(1).max(200).catch(DEFAULT_MAX_ENTITIES_PER_PAGE),
});

const resolverSettings = z.object({
  /** At or above this confidence a mention joins an existing entity without asking. */
  autoAcceptThreshold: z.number().min(0.5).max(1).catch(0.85),
  /** Below auto-accept but at or above this, the case goes to the review queue. */
  reviewThreshold: z.number().min(0).max(1).catch(0.55),
});

const llmSettings = z.object({
  /** none: the offline symbolic answerer only. */
  provider: z.enum(['none', 'openai-compatible', 'prompt-api']).catch('none'),
  baseUrl: z.string().max(500).catch('http://localhost:11434/v1'),
  model: z.string().max(200).catch(''),
  /** Stored locally in the browser profile only; sent only to baseUrl. */
  apiKey: z.string().max(500).catch(''),
  timeoutMs: z.number().int().min(1000).max(300_000).catch(30_000),
});

const networkSettings = z.object({
  /** Wikidata look-ups by the resolver: off by default (privacy: names leave the machine). */
  wikidata: z.boolean().catch(false),
});

export const settingsSchema = z.object({
  capture: captureSettings.catch(() => captureSettings.parse({})),
  resolver: resolverSettings.catch(() => resolverSettings.parse({})),
  llm: llmSettings.catch(() => llmSettings.parse({})),
  network: networkSettings.catch(() => networkSettings.parse({})),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The defaults, as a fresh object. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

/** Reads stored settings leniently: unknown keys dropped, bad fields replaced by defaults. */
export function parseSettings(raw: unknown): Settings {
  return settingsSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}
