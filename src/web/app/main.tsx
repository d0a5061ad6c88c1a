import { render } from 'preact';
import { App } from './app.js';
import { restoreSession } from './session.js';
import './styles.css';

const root = document.getElementById('app')!;
root.textContent = '';
render(<App />, root);
void restoreSession();
