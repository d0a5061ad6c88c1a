import { useState } from 'preact/hooks';
import { PageTitle } from '../app/ui/page-title.js';
import { CheckPanel } from './check-panel.js';
import { EncodePanel } from './encode-panel.js';
import { SignPanel } from './sign-panel.js';

type Tab = 'check' | 'encode' | 'sign';
const TABS: [Tab, string][] = [
  ['check', 'Check a text'],
  ['encode', 'Hide a secret'],
  ['sign', 'Sign with Content Credentials'],
];

/** The checker: find, read and remove hidden marks, or make some, with the codec running in this page. */
export function CheckerPage() {
  const [tab, setTab] = useState<Tab>('check');
  const [checkText, setCheckText] = useState('');
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
    const next = TABS[(TABS.findIndex(([id]) => id === tab) + step) % TABS.length][0];
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  const check = (text: string) => {
    setCheckText(text);
    setTab('check');
  };
  return (
    <main id="main">
      <PageTitle title="Checker">
        <p>Find, read and remove hidden marks in any text. It all runs in your browser: nothing is uploaded.</p>
      </PageTitle>
      <div class="panel-tabs" role="tablist" aria-label="Checker" onKeyDown={onKey}>
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'check' && <CheckPanel text={checkText} onText={setCheckText} />}
        {tab === 'encode' && <EncodePanel onCheck={check} />}
        {tab === 'sign' && <SignPanel onCheck={check} />}
      </div>
    </main>
  );
}
