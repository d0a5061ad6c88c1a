import { checkerToken } from './watermark-api.js';

/** The API token for server-side (keyed) operations: a password field, kept in memory only. */
export function TokenField() {
  return (
    <div class="field">
      <label for="checker-token">API token</label>
      <input
        id="checker-token"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={checkerToken.value}
        onInput={(event) => (checkerToken.value = event.currentTarget.value)}
        aria-describedby="checker-token-hint"
      />
      <p class="hint" id="checker-token-hint">
        A token from the API tokens page; bound to a signing channel for keyed watermarks. Kept only while this page is
        open.
      </p>
    </div>
  );
}
