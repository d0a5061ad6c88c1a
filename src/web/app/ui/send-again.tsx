import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { messageOf } from '../use-load.js';
import { API_PATHS } from '../../../api/paths.js';

/** Mails the verification link again to `email` (the server's answer is the same for every address). */
export function SendAgain({ email }: { email: string }) {
  const [state, setState] = useState<{ busy: boolean; said?: string; failed?: boolean }>({ busy: false });
  const send = async () => {
    setState({ busy: true });
    try {
      const answer = await request<{ message: string }>('POST', API_PATHS.resendVerification, { body: { email } });
      setState({ busy: false, said: answer.message });
    } catch (failure) {
      setState({ busy: false, said: messageOf(failure), failed: true });
    }
  };
  return (
    <div class="actions send-again">
      <button type="button" class="button" disabled={state.busy} onClick={() => void send()}>
        {state.busy ? 'Sending…' : 'Send the link again'}
      </button>
      {state.said && (
        <p class={state.failed ? 'field-error' : 'muted small'} role="status">
          {state.said}
        </p>
      )}
    </div>
  );
}
