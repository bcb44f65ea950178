/**
 * The pinned identity of development builds. Chromium derives an unpacked extension's
 * id from its folder path unless the manifest carries a `key`; a fixed public key gives
 * every development build the same id, so the native messaging host manifest's
 * `allowed_origins` can name it. Only the PUBLIC key is here (base64 of its DER
 * SubjectPublicKeyInfo); the private key was never kept: nothing is signed with it.
 *
 * Pure data, no imports: `wxt.config.ts` imports it as `manifest.key`.
 *
 * @example
 *   // wxt.config.ts
 *   manifest: { key: EXTENSION_PUBLIC_KEY, ... }
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmh6xbQnORpFHA9UwzP++EENr2HWNqmIPcrK832DHZ2rkESQfx3U9+4VvZNNzE6fsntJAXzr5kSWWaeWJP3y0WW4atHF9uxJZbZvlasTihRqk6XlPTGzDg+fz0lu3+7Dp7Z6Qqn7VY0nBGxlrrfLXdXnkZUaVtIarnpwKqhyMabNkvQ2qPsVX/UCACn0uwuEMb7b83rj9+K7oAsGt9Jbfvycj7impKtWfHP39AD/XXqwKmezm+2aqxSKESIzhDrAMc1ESgT0/p6p/YH/BomsjdaZzJT5ysRQ2NhZvJ8YHj6BwVE16I4DA/Q9JzlFCMhj7FoKbrStSGNPMWotD7e+s9QIDAQAB';

/**
 * The id Chromium gives a build carrying `EXTENSION_PUBLIC_KEY`: the first 32 hex digits
 * of sha256(DER) with 0–f mapped to a–p (checked by `extension-key.test.ts`).
 */
export const DEV_EXTENSION_ID = 'eebibmahgbadobamlhmdgblmbhkkjnkj';

/** The native messaging host's name: the manifest file is `<name>.json`. */
export const NATIVE_HOST_NAME = 'com.ariadne.bridge';

/**
 * Firefox's add-on id (`browser_specific_settings.gecko.id`): fixed, so the
 * `moz-extension://` origin and its IndexedDB survive restarts, the unsigned zip installs
 * permanently, and the host manifest's `allowed_extensions` can name it.
 */
export const GECKO_ID = 'ariadne@ariadne.local';
