/**
 * The user's settings: one zod schema, with defaults, shared by the background
 * (which enforces them) and the side panel (which edits them). Stored in two parts
 * (`splitSettings`): the capture settings where content scripts can read them, the
 * rest (the LLM API key included) where they cannot (settings-key.ts says where).
 * Anything unreadable falls back to the defaults field by field, so a bad value never
 * locks the user out. (The MCP bridge keeps its own settings under its own key.)
 */
import { z } from 'zod';
import type { CaptureSettings } from './capture-settings';
import { parseCaptureSettings } from './capture-settings';

export { CAPTURE_SETTINGS_KEY, SETTINGS_REVISION_KEY, SETTINGS_STORAGE_KEY } from './settings-key';

export { DEFAULT_BLOCKLIST, DEFAULT_MAX_ENTITIES_PER_PAGE } from './capture-settings';
export type { CaptureSettings } from './capture-settings';

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
  /** Capture also reads each captured page with this LLM (off by default; turned on only after a passing connection test). */
  readPages: z.boolean().catch(false),
  /** Tokens one page's reading may send, prompts included: long pages are read from the top until it is spent. */
  readTokensPerPage: z.number().int().min(500).max(200_000).catch(6_000),
  /** Tokens all page readings may send in a UTC day; past it pages keep their offline results only. */
  readTokensPerDay: z.number().int().min(1_000).max(10_000_000).catch(200_000),
  /** Page text per request, in tokens: 1,500 leaves room for prompt and answer in a 4,096-token context. */
  readChunkTokens: z.number().int().min(200).max(100_000).catch(1_500),
});

const networkSettings = z.object({
  /** Wikidata look-ups by the resolver: off by default (privacy: names leave the machine). */
  wikidata: z.boolean().catch(false),
});

export const settingsSchema = z.object({
  // Read by hand (the content script needs it without zod); same leniency as the rest.
  capture: z.unknown().optional().transform(parseCaptureSettings),
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

/** Everything but the capture settings: never stored where a content script can read it. */
export type PrivateSettings = Omit<Settings, 'capture'>;

/**
 * The settings in their two stored parts.
 *
 * @example
 *   const { capture, rest } = splitSettings(settings); // rest.llm.apiKey never goes next to capture
 */
export function splitSettings(settings: Settings): { capture: CaptureSettings; rest: PrivateSettings } {
  const { capture, ...rest } = parseSettings(settings);
  return { capture, rest };
}

/** The settings from their two stored parts, each read as leniently as `parseSettings`. */
export function joinSettings(capture: unknown, rest: unknown): Settings {
  return { ...parseSettings(rest), capture: parseCaptureSettings(capture) };
}
